import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translateMessage } from '../../src/i18n/catalogue.ts';
import {
  APPLICATION_STATUSES,
  CV_MAX_BYTES,
  OFFER_STATUSES,
  ZJobApplicationRequest,
  ZJobOfferInput,
  ZJobSearchQuery,
  canChangeApplicationStatus,
  canChangeOfferStatus,
  checkCv,
  concernsCandidate,
  isOfferOpen,
  isSalaryRange,
  jobsMessages,
  parseSalary,
  salaryOverlaps,
} from '../../src/jobs/index.ts';

const offer = (overrides: Record<string, unknown> = {}) => ({
  title: 'Ingeniera de montes',
  companyName: 'KC Forestal',
  cityId: '3117814',
  contractType: 'PERMANENT',
  salaryMin: '30000',
  salaryMax: '40000.5',
  description: 'Gestión de montes y plantaciones en Galicia, con inventario.',
  language: 'es',
  ...overrides,
});
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${translateMessage('en', i.message)}`);

describe('jobs board rules (issue 17)', () => {
  it('reads salaries exactly (EUR a year, two decimals at most, above zero, up to 10 million)', () => {
    expect(parseSalary('32000')).toBe(3_200_000n);
    expect(parseSalary('32000.5')).toBe(3_200_050n);
    for (const bad of ['0', '-1', '1.005', 'abc', '1e5', '10000000.01', '']) expect(parseSalary(bad), bad).toBeNull();
    expect(isSalaryRange('30000', '30000.00')).toBe(true);
    expect(isSalaryRange('30000.01', '30000')).toBe(false);
  });

  it('matches a salary search by overlap, the same as the SQL filter (property)', () => {
    const amount = fc.bigInt({ min: 1n, max: 1_000_000_000n });
    fc.assert(
      fc.property(amount, amount, fc.option(amount), fc.option(amount), (a, b, from, to) => {
        const o = { min: a < b ? a : b, max: a < b ? b : a };
        const expected = (from === null || o.max >= from) && (to === null || o.min <= to);
        expect(salaryOverlaps(o, from, to)).toBe(expected);
        // An offer inside the searched range is always found; one entirely outside never.
        if (from !== null && to !== null && from <= o.min && o.max <= to) expect(salaryOverlaps(o, from, to)).toBe(true);
        if (to !== null && o.min > to) expect(salaryOverlaps(o, from, to)).toBe(false);
      }),
    );
  });

  it('moves offers draft → published → closed → published and applications new → reviewed → interview → rejected/hired', () => {
    expect(OFFER_STATUSES.flatMap((from) => OFFER_STATUSES.filter((to) => canChangeOfferStatus(from, to)).map((to) => `${from}>${to}`))).toEqual([
      'DRAFT>PUBLISHED',
      'DRAFT>CLOSED',
      'PUBLISHED>CLOSED',
      'CLOSED>PUBLISHED',
    ]);
    expect(APPLICATION_STATUSES.flatMap((from) => APPLICATION_STATUSES.filter((to) => canChangeApplicationStatus(from, to)).map((to) => `${from}>${to}`))).toEqual([
      'NEW>REVIEWED',
      'NEW>REJECTED',
      'REVIEWED>INTERVIEW',
      'REVIEWED>REJECTED',
      'INTERVIEW>REJECTED',
      'INTERVIEW>HIRED',
    ]);
    expect(APPLICATION_STATUSES.filter(concernsCandidate)).toEqual(['INTERVIEW', 'REJECTED', 'HIRED']);
  });

  it('lists an offer while published and not past its closing date (the closing day included)', () => {
    expect(isOfferOpen({ status: 'PUBLISHED', closesOn: null }, '2026-11-25')).toBe(true);
    expect(isOfferOpen({ status: 'PUBLISHED', closesOn: '2026-11-25' }, '2026-11-25')).toBe(true);
    expect(isOfferOpen({ status: 'PUBLISHED', closesOn: '2026-11-24' }, '2026-11-25')).toBe(false);
    expect(isOfferOpen({ status: 'CLOSED', closesOn: null }, '2026-11-25')).toBe(false);
    expect(isOfferOpen({ status: 'DRAFT', closesOn: null }, '2026-11-25')).toBe(false);
  });

  it('checks a CV by its content: the %PDF- signature and at most 5 MB', () => {
    const pdf = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
      return bytes;
    };
    expect(checkCv(pdf(100))).toBeNull();
    expect(checkCv(pdf(CV_MAX_BYTES))).toBeNull();
    expect(checkCv(pdf(CV_MAX_BYTES + 1))).toBe('cvTooLarge');
    expect(checkCv(new TextEncoder().encode('MZ\x90\x00 renamed.exe'))).toBe('cvNotPdf');
    expect(checkCv(new TextEncoder().encode('%PD'))).toBe('cvNotPdf');
    expect(checkCv(new Uint8Array())).toBe('cvNotPdf');
  });
});

describe('jobs board schemas', () => {
  it('normalises an offer and refuses a reversed salary range on the maximum', () => {
    const ok = ZJobOfferInput.parse(offer());
    expect(ok).toMatchObject({ salaryMin: '30000.00', salaryMax: '40000.50', countryId: 'ES', conditions: '', closesOn: null });
    expect(messagesOf(ZJobOfferInput.safeParse(offer({ salaryMin: '50000', salaryMax: '40000' })))).toEqual([
      'salaryMax: The maximum salary cannot be lower than the minimum',
    ]);
    expect(messagesOf(ZJobOfferInput.safeParse(offer({ salaryMin: '1.001', cityId: 'Madrid', contractType: 'X', title: 'ab' })))).toEqual([
      'title: Enter the job title (3 to 150 characters)',
      'cityId: Choose a city from the list',
      'contractType: Choose the contract type',
      'salaryMin: Enter a gross annual salary in euros above zero, with at most two decimals',
    ]);
  });

  it("requires the privacy policy on each application, with the specification's message", () => {
    const base = { firstName: 'Lucía', lastName: 'Pérez', email: 'Lucia@Example.com', phone: '+34 600 111 222' };
    expect(ZJobApplicationRequest.parse({ ...base, acceptPrivacy: true }).email).toBe('lucia@example.com');
    for (const acceptPrivacy of [false, undefined, 'true']) {
      expect(messagesOf(ZJobApplicationRequest.safeParse({ ...base, acceptPrivacy }))).toEqual(['acceptPrivacy: You must accept the privacy policy']);
    }
    const es = ZJobApplicationRequest.safeParse({ ...base, acceptPrivacy: false });
    expect(translateMessage('es', es.error!.issues[0]!.message)).toBe('Debe aceptar la política de privacidad');
    expect(messagesOf(ZJobApplicationRequest.safeParse({ ...base, phone: '12', acceptPrivacy: true }))).toEqual(['phone: Enter a valid phone number (6 to 15 digits)']);
  });

  it("reads the search: 'all' is no city filter, salaries validated, the range ordered", () => {
    expect(ZJobSearchQuery.parse({ cityId: 'all' })).toMatchObject({ cityId: undefined, page: 0, size: 20 });
    expect(ZJobSearchQuery.parse({ cityId: '3117735', size: '500' })).toMatchObject({ cityId: '3117735', size: 100 });
    expect(ZJobSearchQuery.safeParse({ salaryFrom: '50000', salaryTo: '100' }).success).toBe(false);
    expect(ZJobSearchQuery.safeParse({ sort: 'cheapest' }).success).toBe(false);
  });

  it('has the same message keys in Spanish and English', () => {
    expect(Object.keys(jobsMessages.es.errors).sort()).toEqual(Object.keys(jobsMessages.en.errors).sort());
  });
});

import { describe, expect, it } from 'vitest';
import type { TJobOffer } from '@kc/domain';
import { jobPostingJsonLd, serializeJsonLd } from './job-posting.ts';
import { checkCvBytes } from './cv-file.ts';
import { formatSalary } from './format.ts';
import { tokenFromHash } from './withdraw-token.ts';

const OFFER: TJobOffer = {
  id: '5b0f7b7e-8a53-4a6b-9f8e-0d3c2a1b4c5d',
  title: 'Ingeniero de montes',
  companyName: 'KC Digital Assets',
  countryId: 'ES',
  cityId: '2510769',
  cityName: 'Sevilla',
  contractType: 'FIXED_TERM',
  salaryMin: '30000.00',
  salaryMax: '42000.50',
  currency: 'EUR',
  description: 'Plantaciones de paulownia </script><b>',
  conditions: '',
  language: 'es',
  status: 'PUBLISHED',
  publishedAt: '2026-11-20T10:00:00.000Z',
  closesOn: '2026-12-31',
  open: true,
  closedReason: null,
};

describe('JobPosting structured data', () => {
  it('maps the offer to schema.org fields', () => {
    const data = jobPostingJsonLd(OFFER, 'https://kc.example/web/jobs/offers/x');
    expect(data).toMatchObject({
      '@type': 'JobPosting',
      title: 'Ingeniero de montes',
      datePosted: '2026-11-20',
      validThrough: '2026-12-31T23:59:59Z',
      employmentType: 'TEMPORARY',
      hiringOrganization: { name: 'KC Digital Assets' },
      jobLocation: { address: { addressLocality: 'Sevilla', addressCountry: 'ES' } },
      baseSalary: { currency: 'EUR', value: { minValue: 30000, maxValue: 42000.5, unitText: 'YEAR' } },
    });
  });

  it('omits validThrough without a closing date', () => {
    expect(jobPostingJsonLd({ ...OFFER, closesOn: null }, 'u')).not.toHaveProperty('validThrough');
  });

  it('cannot close its script element', () => {
    const text = serializeJsonLd(jobPostingJsonLd(OFFER, 'u'));
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toMatchObject({ description: 'Plantaciones de paulownia </script><b>' });
  });
});

describe('CV check in the browser (by content, like the server)', () => {
  const pdf = new TextEncoder().encode('%PDF-1.7\n...');
  it('accepts a PDF whatever its name and encodes it', () => {
    const result = checkCvBytes('cv.txt', pdf);
    expect(result).toEqual({ ok: true, fileName: 'cv.txt', contentBase64: btoa('%PDF-1.7\n...') });
  });
  it('refuses a renamed executable and an oversized file', () => {
    expect(checkCvBytes('cv.pdf', new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]))).toEqual({ ok: false, reason: 'cvNotPdf' });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(pdf);
    expect(checkCvBytes('cv.pdf', big)).toEqual({ ok: false, reason: 'cvTooLarge' });
  });
});

describe('formatting and the withdrawal link', () => {
  it('shows whole salaries without cents', () => {
    expect(formatSalary('32000.00')).toBe('32.000\u00a0€');
    expect(formatSalary('32000.50')).toBe('32.000,50\u00a0€');
  });
  it('reads the token from the fragment only when well formed', () => {
    expect(tokenFromHash('#token=abcdefghijklmnop_QRS-123')).toBe('abcdefghijklmnop_QRS-123');
    expect(tokenFromHash('#token=short')).toBeNull();
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=<script>alert(1)</script>xxxxxxxx')).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { KEY_INFO_SHEET_VERSION } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { failingAnswers, passingAnswers, takeTest } from './helpers/investor-protection.ts';

const isoDay = (years = 0) => {
  const d = new Date();
  return `${d.getUTCFullYear() + years}${d.toISOString().slice(4, 10)}`;
};

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/**
 * Investor protection before a hire (issue 16, helper kis): the key information sheet (PDF),
 * the appropriateness test with its loss-bearing simulation, and the hire's enforcement: refused
 * without the sheet, without a (current) test, with an unacknowledged warning; accepted after,
 * with what was accepted stored in the contract's record. Who may take and read a test.
 */
describe.each(DB_KINDS)('investor protection on %s', (kind) => {
  let t: TTestApp;
  let product: string;
  const h: Record<string, Record<string, string>> = {};
  const ids: Record<string, string> = {};
  const cards: Record<string, string> = {};

  /** A new investor of company 1 with no test, a bank account and the demo advisor. */
  async function newInvestor(name: string) {
    const advisor = await t.db.selectFrom('users').select('id').where('email', '=', 'advisor@kc.example').executeTakeFirstOrThrow();
    const email = `${name}.${kind}@kis.example`;
    const user = await t.db
      .insertInto('users')
      .values({
        company_id: '1',
        email,
        password_hash: 'x',
        first_name: name,
        last_name: 'Nueva',
        roles: ['INVESTOR'],
        confirmed_at: new Date(),
        country_id: 'ES',
        language: 'es',
        advisor_id: advisor.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pref = await t.db
      .insertInto('payment_preferences')
      .values({ company_id: '1', user_id: user.id, kind: 'BANK_TRANSFER', iban_last4: '0001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name] = user.id;
    cards[name] = pref.id;
    h[name] = await authHeaders(t.db, email);
  }

  const body = (name: string, overrides: Record<string, unknown> = {}) => ({
    productType: 'SAVINGS_PLAN',
    productKey: 'jubilacion',
    productId: product,
    recurringAmount: 0,
    initialAmount: 500,
    submissionDate: isoDay(),
    expiringDate: isoDay(20),
    paymentPreferenceId: cards[name],
    keyInfoVersion: KEY_INFO_SHEET_VERSION,
    ...overrides,
  });
  const hire = (headers: Record<string, string>, name: string, overrides: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/customers/${ids[name]}/contracts`, headers, payload: body(name, overrides) });
  const contractsOf = async (name: string) =>
    Number((await t.db.selectFrom('contracts').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', ids[name]!).executeTakeFirstOrThrow()).n);
  const testsOf = async (name: string) =>
    Number((await t.db.selectFrom('appropriateness_assessments').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', ids[name]!).executeTakeFirstOrThrow()).n);
  const protectionOf = (contractId: string) =>
    t.db.selectFrom('contract_investor_protection').selectAll().where('contract_id', '=', contractId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await buildTestApp(kind);
    product = (await t.db.selectFrom('products').select('id').where('company_id', '=', '1').where('product_key', '=', 'jubilacion').executeTakeFirstOrThrow()).id;
    h['advisor'] = await authHeaders(t.db, 'advisor@kc.example');
    h['admin'] = await authHeaders(t.db, 'admin@kc.example');
    h['demo'] = await authHeaders(t.db, 'investor@kc.example');
    h['other'] = await authHeaders(t.db, 'investor@other.example');
    await newInvestor('nora');
    await newInvestor('pablo');
    await newInvestor('rita');
  });
  afterAll(async () => t.close());

  it('serves the key information sheet as an A4 PDF with the plan name in both languages; 404 for an unknown plan', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/investor-protection/sheets/padrinazgo?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Godparent plan');
    expect(text).toContain('Plan padrinazgo');
    expect(text).toContain(`Version ${KEY_INFO_SHEET_VERSION}`);
    expect(text).toContain('No deposit guarantee');
    expect(text).toContain('Sin garantía de depósitos');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const page = await pdf.getPage(1);
    const [, , w, hgt] = page.view;
    expect([Math.round(w!), Math.round(hgt!)]).toEqual([595, 842]);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/investor-protection/sheets/nope?lang=es' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('keyInfoSheetNotFound');
  });

  it('refuses a hire without the sheet, with an unknown version, or without a test; nothing is recorded', async () => {
    const noSheet = await hire(h['nora']!, 'nora', { keyInfoVersion: undefined });
    expect(noSheet.statusCode).toBe(400);
    expect(noSheet.json().code).toBe('keyInfoSheetRequired');
    const unknown = await hire(h['nora']!, 'nora', { keyInfoVersion: '0.1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('keyInfoSheetUnknown');
    const noTest = await hire({ ...h['nora']!, 'accept-language': 'en' }, 'nora');
    expect(noTest.statusCode).toBe(409);
    expect(noTest.json()).toMatchObject({ code: 'appropriatenessRequired', title: 'Appropriateness test missing' });
    const noTestEs = await hire(h['nora']!, 'nora');
    expect(noTestEs.json().title).toBe('Falta el test de conveniencia');
    // The advisor hiring for her refuses the same way: the test is the investor's.
    expect((await hire(h['advisor']!, 'nora')).json().code).toBe('appropriatenessRequired');
    expect(await contractsOf('nora')).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${ids['nora']}/appropriateness`, headers: h['nora']! })).json()).toEqual({ latest: null });
  });

  it('checks the test: every question answered, amounts as decimals; only the investor answers it; others get 404', async () => {
    const post = (headers: Record<string, string>, customer: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/customers/${customer}/appropriateness`, headers, payload });
    const valid = { answers: passingAnswers(), netWorth: '100000.00', yearlyIncome: '30000', commitments: '0' };
    const partial = { ...passingAnswers() };
    delete partial['liquidity'];
    for (const bad of [
      { ...valid, answers: partial },
      { ...valid, answers: { ...passingAnswers(), liquidity: 'maybe' } },
      { ...valid, answers: { ...passingAnswers(), extra: 'x' } },
      { ...valid, netWorth: '-1' },
      { ...valid, netWorth: '10.001' },
      { ...valid, yearlyIncome: 'lots' },
      { ...valid, commitments: undefined },
    ]) {
      const res = await post(h['nora']!, ids['nora']!, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const staff = await post(h['advisor']!, ids['nora']!, valid);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe('appropriatenessSelfOnly');
    expect((await post(h['admin']!, ids['nora']!, valid)).statusCode).toBe(403);
    expect((await post(h['pablo']!, ids['nora']!, valid)).statusCode).toBe(404);
    expect((await post(h['other']!, ids['nora']!, valid)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${ids['nora']}/appropriateness`, headers: h['pablo']! })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${ids['nora']}/appropriateness`, headers: h['other']! })).statusCode).toBe(404);
    expect(await testsOf('nora')).toBe(0);
  });

  it('a passed test: 10 % of the net worth is the sum at risk; a small hire needs no acknowledgement; a larger one does', async () => {
    const result = await takeTest(t.app, h['nora']!, ids['nora']!, { netWorth: '100000.00' });
    expect(result).toMatchObject({ passed: true, lossCapacity: '10000.00' });
    // The advisor and the administrator read it.
    const read = await t.app.inject({ method: 'GET', url: `/api/customers/${ids['nora']}/appropriateness`, headers: h['advisor']! });
    expect(read.json().latest).toMatchObject({ id: result.id, passed: true, current: true, netWorth: '100000.00' });

    const small = await hire(h['nora']!, 'nora', { initialAmount: 500, recurringAmount: 0 });
    expect(small.statusCode).toBe(201);
    const smallRecord = await protectionOf(small.json().id);
    expect(smallRecord).toMatchObject({ key_info_version: KEY_INFO_SHEET_VERSION, assessment_id: result.id, warnings: [], acknowledged_at: null });

    // 500 + 12 × 50 = 1,100 EUR: above EUR 1,000 (and not above 5 % of 100,000).
    const check = await t.app.inject({ method: 'POST', url: `/api/customers/${ids['nora']}/risk-check`, headers: h['nora']!, payload: { initialAmount: 500, recurringAmount: 50 } });
    expect(check.json()).toMatchObject({ warnings: ['aboveAmount'], hireAmount: '1100.00' });
    const refused = await hire({ ...h['nora']!, 'accept-language': 'en' }, 'nora', { recurringAmount: 50 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'riskWarningNotAcknowledged', title: 'Risk warning not acknowledged' });
    expect((await hire(h['nora']!, 'nora', { recurringAmount: 50, riskAcknowledged: false })).statusCode).toBe(409);
    expect(await contractsOf('nora')).toBe(1);
    const before = Date.now();
    const accepted = await hire(h['nora']!, 'nora', { recurringAmount: 50, riskAcknowledged: true });
    expect(accepted.statusCode).toBe(201);
    const record = await protectionOf(accepted.json().id);
    expect(record.warnings).toEqual(['aboveAmount']);
    expect(record.acknowledged_at).not.toBeNull();
    expect(new Date(record.acknowledged_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(record.key_info_accepted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The contract's details carry the record.
    expect(accepted.json().investorProtection).toMatchObject({ keyInfoVersion: KEY_INFO_SHEET_VERSION, assessmentId: result.id, warnings: ['aboveAmount'] });
    // The contract document prints the sheet's version the investor accepted.
    const doc = await t.app.inject({ method: 'GET', url: `/api/documents/files/contract.${accepted.json().id}?lang=es`, headers: h['nora']! });
    expect(doc.statusCode).toBe(200);
    expect(await pdfText(doc.rawPayload)).toContain(`Documento de datos fundamentales aceptado versión ${KEY_INFO_SHEET_VERSION}`);
  });

  it('a failed test does not block: every hire shows the warning, acknowledged it is accepted; above 5 % of the net worth too', async () => {
    const failed = await takeTest(t.app, h['pablo']!, ids['pablo']!, { answers: failingAnswers(), netWorth: '8000.00' });
    expect(failed).toMatchObject({ passed: false, lossCapacity: '800.00' });
    // 500 EUR: not above EUR 1,000, but above 5 % of 8,000 (400) and the test failed.
    const check = await t.app.inject({ method: 'POST', url: `/api/customers/${ids['pablo']}/risk-check`, headers: h['pablo']!, payload: { initialAmount: 500, recurringAmount: 0 } });
    expect(check.json().warnings).toEqual(['testFailed', 'aboveNetWorthShare']);
    expect((await hire(h['pablo']!, 'pablo')).json().code).toBe('riskWarningNotAcknowledged');
    const ok = await hire(h['pablo']!, 'pablo', { riskAcknowledged: true });
    expect(ok.statusCode).toBe(201);
    expect((await protectionOf(ok.json().id)).warnings).toEqual(['testFailed', 'aboveNetWorthShare']);
  });

  it('a test older than two years must be taken again; the new one is used', async () => {
    await takeTest(t.app, h['rita']!, ids['rita']!);
    const old = new Date();
    old.setUTCFullYear(old.getUTCFullYear() - 2);
    old.setUTCDate(old.getUTCDate() - 1);
    await t.db.updateTable('appropriateness_assessments').set({ taken_at: old }).where('user_id', '=', ids['rita']!).execute();
    const status = await t.app.inject({ method: 'GET', url: `/api/customers/${ids['rita']}/appropriateness`, headers: h['rita']! });
    expect(status.json().latest.current).toBe(false);
    const refused = await hire(h['rita']!, 'rita');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('appropriatenessExpired');
    expect(await contractsOf('rita')).toBe(0);
    const fresh = await takeTest(t.app, h['rita']!, ids['rita']!);
    const ok = await hire(h['rita']!, 'rita');
    expect(ok.statusCode).toBe(201);
    expect((await protectionOf(ok.json().id)).assessment_id).toBe(fresh.id);
  });

  it('the demo investor hires with the seeded test; another company cannot reach her test or risk check', async () => {
    const demoId = (await t.db.selectFrom('users').select('id').where('email', '=', 'investor@kc.example').executeTakeFirstOrThrow()).id;
    const status = await t.app.inject({ method: 'GET', url: `/api/customers/${demoId}/appropriateness`, headers: h['demo']! });
    expect(status.json().latest).toMatchObject({ passed: true, current: true });
    const check = await t.app.inject({ method: 'POST', url: `/api/customers/${demoId}/risk-check`, headers: h['other']!, payload: { initialAmount: 1, recurringAmount: 0 } });
    expect(check.statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEur, formatPrice, madridDate, parsePrice } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { takeTest } from './helpers/investor-protection.ts';
import { recordFirstPayment } from './helpers/first-payment.ts';
import { markBlocked } from '../src/modules/privacy/repository.ts';

const SELLER = 'investor@kc.example';
type THeaders = Record<string, string>;
type TPayable = {
  contractId: string;
  owedCents: string;
  soldNetCents: string;
  paidCents: string;
  trades: { id: string; netCents: string }[];
  seller: { id: string; name: string; email: string; language: string; blocked: boolean };
  paymentMethods: { kind: string; masked: string }[];
};

/**
 * Seller payouts of a seller whose data is blocked (issue 16 and 18; decisions 0027 and 0036):
 * what is owed stays on the list for every role that reads it (the books never lose it), but the
 * seller's person (id, name, e-mail, language, masked payment methods) only for a role that sees
 * blocked people (ADMIN); COMPANY_MANAGER gets the money only, and a payout to that seller is
 * refused to them (404, nothing written) and recorded by ADMIN.
 */
describe.each(DB_KINDS)('payouts to a blocked seller on %s', (kind) => {
  let t: TTestApp;
  const h: Record<string, THeaders> = {};
  let sellerId: string;
  let sellerContract: string;
  let trade: { tradeId: string; netCents: string };
  let keyCounter = 0;
  const key = () => `blocked-payout-${kind}-${Date.now()}-${(keyCounter += 1)}`;
  const today = madridDate(new Date());

  const inject = (method: 'GET' | 'POST', url: string, headers: THeaders, payload?: unknown, extra: THeaders = {}) =>
    t.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const payables = async (headers: THeaders) => {
    const res = await inject('GET', '/api/market/payouts?filter=all&size=50', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: TPayable[]; total: number };
  };
  const count = async (table: 'market_payouts' | 'ledger_journals' | 'mail_outbox' | 'audit_log') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({ payouts: await count('market_payouts'), journals: await count('ledger_journals'), mails: await count('mail_outbox'), audit: await count('audit_log') });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    h['seller'] = await authHeaders(t.db, SELLER);
    h['admin'] = await authHeaders(t.db, 'admin@kc.example');
    h['manager'] = await authHeaders(t.db, 'company.manager@kc.example');
    h['advisor'] = await authHeaders(t.db, 'advisor@kc.example');
    sellerId = (await t.db.selectFrom('users').select('id').where('email', '=', SELLER).executeTakeFirstOrThrow()).id;
    sellerContract = (await t.db.selectFrom('contracts').select('id').where('user_id', '=', sellerId).where('state', '=', 'ACTIVE').orderBy('submission_date').orderBy('id').executeTakeFirstOrThrow()).id;
    await recordFirstPayment(t.app, h['advisor']!, sellerContract, { amount: '5000.00', reference: `BLOCKED-PAYOUT-${kind}` });
    const buyerEmail = `buyer.${kind}.${Date.now()}@payouts.example`;
    const buyer = await t.db
      .insertInto('users')
      .values({ company_id: '1', email: buyerEmail, password_hash: 'x', first_name: 'Buyer', last_name: 'Prueba', roles: ['INVESTOR'], confirmed_at: new Date(), country_id: 'ES', language: 'es' })
      .returning('id')
      .executeTakeFirstOrThrow();
    h['buyer'] = await authHeaders(t.db, buyerEmail);
    await takeTest(t.app, h['buyer']!, buyer.id);
    await t.db.insertInto('payment_preferences').values({ company_id: '1', user_id: sellerId, kind: 'CARD', card_brand: 'VISA', card_last4: '4242', card_expiry: '12/30' }).execute();
    const summary = (await t.app.inject({ method: 'GET', url: '/api/market/summary', headers: { 'company-id': '1' } })).json() as { referencePrice: { price: string } };
    const offer = await inject('POST', '/api/market/offers', h['seller']!, { contractId: sellerContract, units: '20', price: formatPrice(parsePrice(summary.referencePrice.price)), validityDays: 30 });
    expect(offer.statusCode, offer.body).toBe(201);
    const bought = await inject('POST', `/api/market/offers/${offer.json().id}/buy`, h['buyer']!, { units: '20', acknowledgedKeyInformation: true, acknowledgedRiskWarning: true }, { 'idempotency-key': key() });
    expect(bought.statusCode, bought.body).toBe(201);
    trade = bought.json();
  });
  afterAll(async () => t?.close());

  it('shows a seller who is not blocked with their data to COMPANY_MANAGER (blocked: false)', async () => {
    const item = (await payables(h['manager']!)).items.find((i) => i.contractId === sellerContract)!;
    expect(item.seller).toMatchObject({ id: sellerId, email: SELLER, blocked: false });
    expect(item.paymentMethods).toContainEqual(expect.objectContaining({ kind: 'CARD', masked: expect.stringMatching(/4242$/) }));
  });

  it('keeps what is owed to a blocked seller on the list, without their person for COMPANY_MANAGER and with it for ADMIN', async () => {
    await t.db.transaction().execute((tx) => markBlocked(tx, sellerId, new Date()));
    const forManager = await payables(h['manager']!);
    const forAdmin = await payables(h['admin']!);
    expect(forManager.total).toBe(forAdmin.total);
    const hidden = forManager.items.find((i) => i.contractId === sellerContract)!;
    const shown = forAdmin.items.find((i) => i.contractId === sellerContract)!;
    // The money is the same for both: owed, sold, paid and the sales behind it.
    expect(hidden.owedCents).toBe(trade.netCents);
    expect({ ...hidden, seller: null, paymentMethods: null }).toEqual({ ...shown, seller: null, paymentMethods: null });
    expect(hidden.trades.map((s) => s.id)).toEqual([trade.tradeId]);
    // The person only for ADMIN.
    expect(hidden.seller).toEqual({ id: '', name: '', email: '', language: '', blocked: true });
    expect(hidden.paymentMethods).toEqual([]);
    const text = JSON.stringify(forManager);
    for (const secret of [sellerId, SELLER, '4242']) expect(text).not.toContain(secret);
    expect(shown.seller).toMatchObject({ id: sellerId, email: SELLER, blocked: true });
    expect(shown.paymentMethods).toContainEqual(expect.objectContaining({ kind: 'CARD', masked: expect.stringMatching(/4242$/) }));
  });

  it('refuses COMPANY_MANAGER a payout to a blocked seller (404, nothing written); ADMIN records it', async () => {
    const before = await counts();
    const body = { amount: formatEur(100n), valueDate: today, bankReference: `TRF-BLOCKED-${kind}` };
    const refused = await inject('POST', `/api/market/payouts/contracts/${sellerContract}`, h['manager']!, body, { 'idempotency-key': key() });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ status: 404, code: 'payoutContractNotFound' });
    expect(await counts()).toEqual(before);

    const paid = await inject('POST', `/api/market/payouts/contracts/${sellerContract}`, h['admin']!, body, { 'idempotency-key': key() });
    expect(paid.statusCode, paid.body).toBe(201);
    const item = (await payables(h['manager']!)).items.find((i) => i.contractId === sellerContract)!;
    expect(item.paidCents).toBe('100');
    expect(BigInt(item.owedCents)).toBe(BigInt(trade.netCents) - 100n);
  });
});

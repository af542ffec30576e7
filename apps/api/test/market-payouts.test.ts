import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEur, formatMoney, formatPrice, madridDate, parseEur, parsePrice } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { takeTest } from './helpers/investor-protection.ts';
import { recordFirstPayment } from './helpers/first-payment.ts';
import { unzip } from './helpers/zip.ts';
import { checkCompanyLedger } from '../src/modules/ledger/service.ts';

const SELLER = 'investor@kc.example';
type THeaders = Record<string, string>;

/**
 * Seller payouts (issue 18, decision 0036) through the real server: staff see what the platform
 * owes each seller contract after market trades and record transfers that pay it. A payout is
 * never more than is owed (also two at once, on PostgreSQL), a retry with the same key pays
 * once, every bad input is refused on its field with nothing written, other roles and companies
 * are refused, the seller sees each sale's status and the payouts, and the ledger stays sound.
 */
describe.each(DB_KINDS)('seller payouts on %s', (kind) => {
  let t: TTestApp;
  const h: Record<string, THeaders> = {};
  let sellerId: string;
  let sellerContract: string;
  let reference: bigint;
  let keyCounter = 0;
  const key = () => `payout-${kind}-${Date.now()}-${(keyCounter += 1)}`;
  const today = madridDate(new Date());

  const inject = (method: 'GET' | 'POST', url: string, headers: THeaders, payload?: unknown, extra: THeaders = {}) =>
    t.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const pay = (headers: THeaders, contractId: string, body: Record<string, unknown>, idempotencyKey: string | null = key()) =>
    inject('POST', `/api/market/payouts/contracts/${contractId}`, headers, body, idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey });
  const count = async (table: 'market_payouts' | 'ledger_journals' | 'mail_outbox' | 'audit_log') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({ payouts: await count('market_payouts'), journals: await count('ledger_journals'), mails: await count('mail_outbox'), audit: await count('audit_log') });
  type TPayable = { contractId: string; owedCents: string; soldNetCents: string; paidCents: string; trades: { status: string; netCents: string; paidCents: string }[]; payouts: unknown[]; seller: { id: string; email: string }; paymentMethods: { kind: string; masked: string }[] };
  const payables = async (headers: THeaders, query = '') => (await inject('GET', `/api/market/payouts${query}`, headers)).json() as { items: TPayable[]; total: number; page: number; size: number };
  const owedTo = async (contractId: string) => (await payables(h['admin']!, '?filter=all&size=50')).items.find((i) => i.contractId === contractId);

  async function newUser(name: string, roles: string[], company = '1') {
    const email = `${name}.${kind}.${Date.now()}@payouts.example`;
    const user = await t.db
      .insertInto('users')
      .values({ company_id: company, email, password_hash: 'x', first_name: name, last_name: 'Prueba', roles, confirmed_at: new Date(), country_id: 'ES', language: 'es' })
      .returning('id')
      .executeTakeFirstOrThrow();
    h[name] = await authHeaders(t.db, email);
    return user.id;
  }

  /** A trade of `units` from the seller's contract: offer at the reference price, bought by the buyer. */
  async function sell(units: string) {
    const offer = await inject('POST', '/api/market/offers', h['seller']!, { contractId: sellerContract, units, price: formatPrice(reference), validityDays: 30 });
    expect(offer.statusCode, offer.body).toBe(201);
    const bought = await inject(
      'POST',
      `/api/market/offers/${offer.json().id}/buy`,
      h['buyer']!,
      { units, acknowledgedKeyInformation: true, acknowledgedRiskWarning: true },
      { 'idempotency-key': key() },
    );
    expect(bought.statusCode, bought.body).toBe(201);
    return bought.json() as { tradeId: string; netCents: string };
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    h['seller'] = await authHeaders(t.db, SELLER);
    h['admin'] = await authHeaders(t.db, 'admin@kc.example');
    h['manager'] = await authHeaders(t.db, 'company.manager@kc.example');
    h['advisor'] = await authHeaders(t.db, 'advisor@kc.example');
    h['teamManager'] = await authHeaders(t.db, 'team.manager@kc.example');
    sellerId = (await t.db.selectFrom('users').select('id').where('email', '=', SELLER).executeTakeFirstOrThrow()).id;
    sellerContract = (await t.db.selectFrom('contracts').select('id').where('user_id', '=', sellerId).where('state', '=', 'ACTIVE').orderBy('submission_date').orderBy('id').executeTakeFirstOrThrow()).id;
    await recordFirstPayment(t.app, h['advisor']!, sellerContract, { amount: '5000.00', reference: `PAYOUT-TOPUP-${kind}` });
    const buyerId = await newUser('buyer', ['INVESTOR']);
    await takeTest(t.app, h['buyer']!, buyerId);
    await newUser('otherAdmin', ['ADMIN'], '2');
    await t.db.insertInto('payment_preferences').values({ company_id: '1', user_id: sellerId, kind: 'CARD', card_brand: 'VISA', card_last4: '4242', card_expiry: '12/30' }).execute();
    const summary = (await t.app.inject({ method: 'GET', url: '/api/market/summary', headers: { 'company-id': '1' } })).json() as { referencePrice: { price: string } };
    reference = parsePrice(summary.referencePrice.price);
  });
  afterAll(async () => t?.close());

  it('shows nothing owed before any trade', async () => {
    const list = await payables(h['admin']!);
    expect(list).toEqual({ items: [], total: 0, page: 1, size: 10 });
  });

  it('shows what a trade left owed to the seller, with the sale, the seller and their masked payment method', async () => {
    const trade = await sell('20');
    const list = await payables(h['admin']!);
    expect(list.total).toBe(1);
    const item = list.items[0]!;
    expect(item.contractId).toBe(sellerContract);
    expect(item.owedCents).toBe(trade.netCents);
    expect(item.soldNetCents).toBe(trade.netCents);
    expect(item.paidCents).toBe('0');
    expect(item.trades).toEqual([expect.objectContaining({ id: trade.tradeId, netCents: trade.netCents, paidCents: '0', status: 'PENDING' })]);
    expect(item.seller).toMatchObject({ id: sellerId, email: SELLER });
    expect(item.paymentMethods).toContainEqual(expect.objectContaining({ kind: 'CARD', masked: expect.stringMatching(/4242$/) }));
    // Never a full number: only the last four digits, as everywhere else.
    expect(JSON.stringify(item.paymentMethods)).not.toMatch(/\d{5,}/);
    // COMPANY_MANAGER sees the same list.
    expect((await payables(h['manager']!)).total).toBe(1);
  });

  it('records a payout: PAYOUT journal, payout row, audit entry and the seller mailed, in the seller language', async () => {
    const before = await counts();
    const owed = BigInt((await owedTo(sellerContract))!.owedCents);
    const amount = owed / 2n;
    const res = await pay(h['admin']!, sellerContract, { amount: formatEur(amount), valueDate: today, bankReference: 'TRF-0001' });
    expect(res.statusCode, res.body).toBe(201);
    const payout = res.json() as { id: string; amountCents: string; journalId: string; valueDate: string; bankReference: string };
    expect(payout).toMatchObject({ amountCents: amount.toString(), valueDate: today, bankReference: 'TRF-0001', contractId: sellerContract });
    expect(await counts()).toEqual({ payouts: before.payouts + 1, journals: before.journals + 1, mails: before.mails + 1, audit: before.audit + 1 });
    const lines = await t.db.selectFrom('ledger_lines').select(['account', 'amount', 'contract_id']).where('journal_id', '=', payout.journalId).orderBy('account').execute();
    expect(lines.map((l) => [l.account, parseEur(String(l.amount).replace(/0{4}$/, '')), l.contract_id])).toEqual([
      ['BANK', -amount, null],
      ['MARKET_PAYABLE', amount, sellerContract],
    ]);
    const journal = await t.db.selectFrom('ledger_journals').select(['kind', 'occurred_on']).where('id', '=', payout.journalId).executeTakeFirstOrThrow();
    expect(journal.kind).toBe('PAYOUT');
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', payout.id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'marketPayout.record', entity_type: 'marketPayout' });
    expect(audit.after).toMatchObject({ amount: formatEur(amount), bankReference: 'TRF-0001', stillOwed: formatEur(owed - amount) });
    const mail = await t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', SELLER).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(mail.subject).toContain('le hemos transferido');
    expect(mail.text_body).toContain('TRF-0001');
    expect(mail.text_body).toContain('Queda pendiente de pago');
    const after = (await owedTo(sellerContract))!;
    expect(BigInt(after.owedCents)).toBe(owed - amount);
    expect(after.paidCents).toBe(amount.toString());
    expect(after.trades[0]!.status).toBe('PARTLY_PAID');
    expect((await checkCompanyLedger(t.db, '1')).ok).toBe(true);
  });

  it('answers a retry with the same key and body with the same payout, paying once; another body with that key is 422', async () => {
    const owed = BigInt((await owedTo(sellerContract))!.owedCents);
    const k = key();
    const body = { amount: '1.00', valueDate: today, bankReference: 'TRF-RETRY' };
    const first = await pay(h['admin']!, sellerContract, body, k);
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const again = await pay(h['manager']!, sellerContract, body, k);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await pay(h['admin']!, sellerContract, { ...body, amount: '2.00' }, k);
    expect([other.statusCode, other.json().code]).toEqual([422, 'payoutKeyReused']);
    expect(await counts()).toEqual(before);
    expect(BigInt((await owedTo(sellerContract))!.owedCents)).toBe(owed - 100n);
  });

  it('refuses more than is owed (409 payoutMoreThanOwed on the amount), saying the amount de-style in both languages, and writes nothing', async () => {
    const owed = BigInt((await owedTo(sellerContract))!.owedCents);
    // decisions.md: money as '1.234,56 €' in Spanish and in English alike.
    const owedText = formatMoney(formatEur(owed));
    expect(owedText).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/);
    const before = await counts();
    const res = await pay(h['admin']!, sellerContract, { amount: formatEur(owed + 1n), valueDate: today, bankReference: 'TRF-TOO-MUCH' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('payoutMoreThanOwed');
    expect(res.json().detail).toBe(`A este vendedor se le deben ${owedText}. Registre como máximo ese importe; no se ha registrado nada.`);
    expect(res.json().errors).toEqual([{ field: 'amount', message: `El importe no puede superar lo pendiente de pago: ${owedText}` }]);
    const en = await pay({ ...h['admin']!, 'accept-language': 'en' }, sellerContract, { amount: formatEur(owed + 1n), valueDate: today, bankReference: 'TRF-TOO-MUCH' });
    expect(en.statusCode).toBe(409);
    expect(en.json().detail).toBe(`This seller is owed ${owedText}. Record that amount at most; nothing was recorded.`);
    expect(en.json().errors).toEqual([{ field: 'amount', message: `The amount cannot exceed what is owed: ${owedText}` }]);
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ amount: '0' }, 'amount', 'Indique un importe mayor que cero, con dos decimales como máximo (por ejemplo, 250.00)'],
    [{ amount: '1.001' }, 'amount', 'Indique un importe mayor que cero, con dos decimales como máximo (por ejemplo, 250.00)'],
    [{ amount: 5 }, 'amount', 'Indique un importe mayor que cero, con dos decimales como máximo (por ejemplo, 250.00)'],
    [{ valueDate: '2026-02-30' }, 'valueDate', 'Indique la fecha valor de la transferencia (AAAA-MM-DD)'],
    [{ valueDate: 'tomorrow' }, 'valueDate', 'La fecha valor no puede ser posterior a hoy'],
    [{ bankReference: '  ' }, 'bankReference', 'Indique la referencia bancaria de la transferencia (de 1 a 64 caracteres)'],
    [{ bankReference: 'x'.repeat(65) }, 'bankReference', 'Indique la referencia bancaria de la transferencia (de 1 a 64 caracteres)'],
  ])('refuses a bad input %j on its field and writes nothing', async (change, field, message) => {
    const body: Record<string, unknown> = { amount: '1.00', valueDate: today, bankReference: 'TRF-BAD', ...change };
    if (body['valueDate'] === 'tomorrow') body['valueDate'] = madridDate(new Date(Date.now() + 36 * 3600 * 1000));
    const before = await counts();
    const res = await pay(h['admin']!, sellerContract, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await counts()).toEqual(before);
  });

  it('refuses a payout without an Idempotency-Key, and in English for an English request', async () => {
    const res = await pay(h['admin']!, sellerContract, { amount: '1.00', valueDate: today, bankReference: 'TRF-NOKEY' }, null);
    expect(res.statusCode).toBe(400);
    const en = await inject('POST', `/api/market/payouts/contracts/${sellerContract}`, { ...h['admin']!, 'accept-language': 'en' }, { amount: '0', valueDate: today, bankReference: 'X' }, { 'idempotency-key': key() });
    expect(en.json().errors).toContainEqual({ field: 'amount', message: 'Enter an amount above zero with at most two decimals (for example, 250.00)' });
  });

  it('refuses other roles (403), another company (404, and its list is empty) and a contract that never sold (404)', async () => {
    const before = await counts();
    for (const who of ['advisor', 'teamManager', 'seller', 'buyer']) {
      expect((await inject('GET', '/api/market/payouts', h[who]!)).statusCode, who).toBe(403);
      expect((await pay(h[who]!, sellerContract, { amount: '1.00', valueDate: today, bankReference: 'TRF-ROLE' })).statusCode, who).toBe(403);
    }
    expect((await payables(h['otherAdmin']!)).total).toBe(0);
    const other = await pay(h['otherAdmin']!, sellerContract, { amount: '1.00', valueDate: today, bankReference: 'TRF-OTHER' });
    expect([other.statusCode, other.json().code]).toEqual([404, 'payoutContractNotFound']);
    const neverSold = (await t.db.selectFrom('contracts').select('id').where('id', '<>', sellerContract).where('company_id', '=', '1').limit(1).executeTakeFirstOrThrow()).id;
    expect((await pay(h['admin']!, neverSold, { amount: '1.00', valueDate: today, bankReference: 'TRF-NEVER' })).statusCode).toBe(404);
    expect((await pay(h['admin']!, 'not-a-uuid', { amount: '1.00', valueDate: today, bankReference: 'TRF-NOID' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/market/payouts', headers: { 'company-id': '1' } })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('refuses to reverse a PAYOUT journal on its own', async () => {
    const journalId = (await t.db.selectFrom('market_payouts').select('journal_id').limit(1).executeTakeFirstOrThrow()).journal_id;
    const res = await inject('POST', `/api/ledger/journals/${journalId}/reverse`, h['admin']!, { reason: 'Transferencia devuelta' });
    expect([res.statusCode, res.json().code]).toEqual([409, 'journalIsPayout']);
  });

  it('never pays more than is owed when payouts race (two instances on PostgreSQL)', async () => {
    const owed = BigInt((await owedTo(sellerContract))!.owedCents);
    // Each asks for a third of what is owed (rounded up): at most two fit, never three.
    const third = owed / 3n + 1n;
    const sibling = t.openSibling ? await t.openSibling() : undefined;
    try {
      const apps = sibling ? [t.app, sibling.app] : [t.app];
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          apps[i % apps.length]!.inject({
            method: 'POST',
            url: `/api/market/payouts/contracts/${sellerContract}`,
            headers: { ...h['admin']!, 'idempotency-key': key() },
            payload: { amount: formatEur(third), valueDate: today, bankReference: `TRF-RACE-${i}` },
          }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
      expect(BigInt((await owedTo(sellerContract))!.owedCents)).toBe(owed - 2n * third);
      expect((await checkCompanyLedger(t.db, '1')).ok).toBe(true);
    } finally {
      await sibling?.close();
    }
  });

  it('pays the rest exactly, then the sale shows PAID and nothing is owed', async () => {
    const owed = BigInt((await owedTo(sellerContract))!.owedCents);
    const res = await pay(h['manager']!, sellerContract, { amount: formatEur(owed), valueDate: today, bankReference: 'TRF-REST' });
    expect(res.statusCode, res.body).toBe(201);
    const item = (await owedTo(sellerContract))!;
    expect(item.owedCents).toBe('0');
    expect(item.paidCents).toBe(item.soldNetCents);
    expect(item.trades.every((trade) => trade.status === 'PAID')).toBe(true);
    expect((await payables(h['admin']!)).total).toBe(0);
    expect((await pay(h['admin']!, sellerContract, { amount: '0.01', valueDate: today, bankReference: 'TRF-MORE' })).statusCode).toBe(409);
    expect((await checkCompanyLedger(t.db, '1')).ok).toBe(true);
  });

  it('shows the seller each sale’s status and the payouts received; the buyer sees no payout', async () => {
    await sell('15');
    const mine = (await inject('GET', '/api/market/trades/mine', h['seller']!)).json() as {
      items: { side: string; contractId: string; payoutStatus: string | null; paidCents: string | null }[];
      payouts: { bankReference: string }[];
    };
    const sales = mine.items.filter((i) => i.side === 'SELL');
    expect(sales.every((s) => s.contractId === sellerContract)).toBe(true);
    expect(sales.map((s) => s.payoutStatus)).toEqual(['PENDING', 'PAID']);
    expect(mine.payouts.map((p) => p.bankReference)).toContain('TRF-0001');
    expect(mine.payouts.map((p) => p.bankReference)).toContain('TRF-REST');
    const theirs = (await inject('GET', '/api/market/trades/mine', h['buyer']!)).json() as { items: { payoutStatus: string | null; paidCents: string | null }[]; payouts: unknown[] };
    expect(theirs.items.every((i) => i.payoutStatus === null && i.paidCents === null)).toBe(true);
    expect(theirs.payouts).toEqual([]);
  });

  it('lists the payouts in the seller personal data export', async () => {
    const res = await inject('GET', '/api/privacy/export', h['seller']!);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const files = await unzip(res.rawPayload);
    const rows = JSON.parse(files.get('market-payouts.json')!) as { bankReference: string; amountEur: string }[];
    expect(rows.map((r) => r.bankReference)).toContain('TRF-REST');
  });

  it('pages the list', async () => {
    const list = await payables(h['admin']!, '?filter=all&size=1&page=1');
    expect(list.total).toBe(1);
    expect(list.items).toHaveLength(1);
    const empty = await payables(h['admin']!, '?filter=all&size=1&page=2');
    expect(empty).toMatchObject({ items: [], total: 1, page: 2 });
    expect((await inject('GET', '/api/market/payouts?size=51', h['admin']!)).statusCode).toBe(400);
    expect((await inject('GET', '/api/market/payouts?filter=nada', h['admin']!)).statusCode).toBe(400);
  });
});

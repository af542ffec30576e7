import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { unzip } from './helpers/zip.ts';
import { STEP_UP_WINDOW_MS, formatEur, formatPrice, formatUnits, parsePrice, parseUnits, priceBand, tradeAmounts } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders, enrolTestTotp } from './helpers/auth.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { forgetSessions } from '../src/lib/session-cache.ts';
import { failingAnswers, takeTest } from './helpers/investor-protection.ts';
import { recordFirstPayment } from './helpers/first-payment.ts';
import { createMarketExpiryJob } from '../src/modules/market/expiry-job.ts';
import { checkCompanyLedger } from '../src/modules/ledger/service.ts';

const SELLER = 'investor@kc.example';
const OTHER_COMPANY = 'investor@other.example';
type THeaders = Record<string, string>;

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/**
 * The KC market (issue 18, decision 0034) through the real server: offers inside the band,
 * units never offered twice, buys (partial, whole remainder, minimum, own offer, appropriateness,
 * acknowledgements, Idempotency-Key), the ledger after trades, change, withdrawal, expiry (two
 * runners, clock pinned), a contract leaving ACTIVE, documents and mails of both parties, the
 * public summary without names, and everyone else refused. Concurrency: many buys of one offer
 * at once (two API instances on PostgreSQL) never sell more than was offered.
 */
describe.each(DB_KINDS)('the KC market on %s', (kind) => {
  let t: TTestApp;
  const h: Record<string, THeaders> = {};
  const ids: Record<string, string> = {};
  let reference: bigint;
  let band: { min: bigint; max: bigint };
  let sellerContract: string;
  let secondContract: string;
  let archivedContract: string;
  let otherCompanyContract: string;
  let keyCounter = 0;
  const key = () => `key-${kind}-${Date.now()}-${(keyCounter += 1)}`;

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: THeaders | undefined, payload?: unknown, extra: THeaders = {}) =>
    t.app.inject({ method, url, headers: { ...(headers ?? { 'company-id': '1' }), ...extra }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const offer = (headers: THeaders, body: Record<string, unknown>) => inject('POST', '/api/market/offers', headers, body);
  const buy = (headers: THeaders, offerId: string, units: string, options: { key?: string; body?: Record<string, unknown> } = {}) =>
    inject(
      'POST',
      `/api/market/offers/${offerId}/buy`,
      headers,
      { units, acknowledgedKeyInformation: true, acknowledgedRiskWarning: true, ...options.body },
      { 'idempotency-key': options.key ?? key() },
    );
  const count = async (table: 'market_offers' | 'market_trades' | 'ledger_journals' | 'contracts' | 'mail_outbox') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({ offers: await count('market_offers'), trades: await count('market_trades'), journals: await count('ledger_journals'), contracts: await count('contracts') });
  const unitsOf = async (contractId: string) => {
    const row = await t.db
      .selectFrom('ledger_lines')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('units'))
      .where('contract_id', '=', contractId)
      .where('account', '=', 'INVESTOR_UNITS')
      .executeTakeFirstOrThrow();
    return parseUnits(String(row.units).replace(/0+$/, '').replace(/\.$/, '') || '0');
  };
  const offerRow = (id: string) => t.db.selectFrom('market_offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function newInvestor(name: string, options: { test?: 'pass' | 'fail' | 'none'; company?: string; roles?: string[] } = {}) {
    const email = `${name}.${kind}.${Date.now()}@market.example`;
    const user = await t.db
      .insertInto('users')
      .values({
        company_id: options.company ?? '1',
        email,
        password_hash: 'x',
        first_name: name,
        last_name: 'Comprador',
        roles: options.roles ?? ['INVESTOR'],
        confirmed_at: new Date(),
        country_id: 'ES',
        language: name.endsWith('en') ? 'en' : 'es',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const headers = await authHeaders(t.db, email);
    if ((options.test ?? 'pass') === 'pass') await takeTest(t.app, headers, user.id);
    if (options.test === 'fail') await takeTest(t.app, headers, user.id, { answers: failingAnswers() });
    ids[name] = user.id;
    h[name] = headers;
    return { id: user.id, email, headers };
  }

  /** An open offer of the seller's first contract at the reference price. */
  async function openOffer(units: string, overrides: Record<string, unknown> = {}, headers = h['seller']!) {
    const res = await offer(headers, { contractId: sellerContract, units, price: formatPrice(reference), validityDays: 30, ...overrides });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; units: string; remainingUnits: string; price: string; validUntil: string; own: boolean; productKey: string };
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    h['seller'] = await authHeaders(t.db, SELLER);
    h['advisor'] = await authHeaders(t.db, 'advisor@kc.example');
    h['admin'] = await authHeaders(t.db, 'admin@kc.example');
    h['other'] = await authHeaders(t.db, OTHER_COMPANY);
    const users = await t.db.selectFrom('users').select(['id', 'email']).where('email', 'in', [SELLER, OTHER_COMPANY]).execute();
    ids['seller'] = users.find((u) => u.email === SELLER)!.id;
    ids['other'] = users.find((u) => u.email === OTHER_COMPANY)!.id;
    const mine = await t.db.selectFrom('contracts').select(['id', 'state']).where('user_id', '=', ids['seller']!).orderBy('submission_date').orderBy('id').execute();
    const active = mine.filter((c) => c.state === 'ACTIVE');
    sellerContract = active[0]!.id;
    secondContract = active[1]!.id;
    archivedContract = mine.find((c) => c.state === 'ARCHIVED')!.id;
    // Plenty of units on both contracts: 5,000.00 € each at today's price.
    for (const id of [sellerContract, secondContract]) await recordFirstPayment(t.app, h['advisor']!, id, { amount: '5000.00', reference: `TOPUP-${kind}-${id}` });
    // The other company's investor, with an ACTIVE contract and no published price in their company.
    const otherContract = await t.db.selectFrom('contracts').select('id').where('user_id', '=', ids['other']!).executeTakeFirstOrThrow();
    otherCompanyContract = otherContract.id;
    await t.db.updateTable('contracts').set({ state: 'ACTIVE' }).where('id', '=', otherCompanyContract).execute();
    await newInvestor('buyer');
    await newInvestor('buyeren');
    await newInvestor('untested', { test: 'none' });
    await newInvestor('failed', { test: 'fail' });
    const summary = (await inject('GET', '/api/market/summary', undefined)).json() as { referencePrice: { price: string } };
    reference = parsePrice(summary.referencePrice.price);
    band = priceBand(reference);
  });
  afterAll(async () => t?.close());

  describe('the summary (public)', () => {
    it('shows the last published price, its ±10 % band, the fee and the minimum, with only a company-id', async () => {
      const res = await inject('GET', '/api/market/summary', undefined);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const last = await t.db.selectFrom('kc_prices').select(['price', 'value_date', 'published_at']).where('company_id', '=', '1').orderBy('value_date', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(body.referencePrice.price).toBe(formatPrice(parsePrice(String(last.price).replace(/0+$/, '').replace(/\.$/, ''))));
      // The price's own value date (the day it is worth that), apart from when it was published.
      expect(body.referencePrice.valueDate).toBe(last.value_date);
      expect(body.referencePrice.valueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(body.referencePrice.publishedAt).toBe(new Date(last.published_at).toISOString());
      expect(body.band).toEqual({ min: formatPrice(band.min), max: formatPrice(band.max), bps: 1000 });
      expect(body.feeBps).toBe(100);
      expect(body.minTradeCents).toBe(1000);
      expect(body.priceHistory.length).toBeGreaterThan(1);
      expect(body.priceHistory[0].price).toBe(body.referencePrice.price);
      expect(body.priceHistory[0].valueDate).toBe(body.referencePrice.valueDate);
      expect(body.priceHistory[1].valueDate < body.priceHistory[0].valueDate).toBe(true);
    });

    it('has no reference price nor band in a company that never published one', async () => {
      const body = (await inject('GET', '/api/market/summary', { 'company-id': '2' })).json();
      expect(body.referencePrice).toBeNull();
      expect(body.band).toBeNull();
      expect(body.depth).toEqual([]);
    });
  });

  describe('offering units', () => {
    it('accepts both ends of the band and refuses a micro-step outside either, changing nothing', async () => {
      const low = await openOffer('2', { price: formatPrice(band.min) });
      const high = await openOffer('2', { price: formatPrice(band.max) });
      expect(low.price).toBe(formatPrice(band.min));
      expect(high.own).toBe(true);
      const before = await counts();
      for (const price of [band.min - 1n, band.max + 1n]) {
        const res = await offer(h['seller']!, { contractId: sellerContract, units: '2', price: formatPrice(price), validityDays: 30 });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('priceOutOfBand');
        expect(res.json().detail).toContain(formatPrice(band.min));
      }
      expect(await counts()).toEqual(before);
      for (const id of [low.id, high.id]) expect((await inject('DELETE', `/api/market/offers/${id}`, h['seller'])).statusCode).toBe(204);
    });

    it('refuses without a published price, from a contract not ACTIVE, of someone else, too small, bad validity or bad numbers', async () => {
      const before = await counts();
      const noPrice = await offer(h['other']!, { contractId: otherCompanyContract, units: '1', price: '10', validityDays: 10 });
      expect([noPrice.statusCode, noPrice.json().code]).toEqual([409, 'noReferencePrice']);
      const archived = await offer(h['seller']!, { contractId: archivedContract, units: '1', price: formatPrice(reference), validityDays: 10 });
      expect([archived.statusCode, archived.json().code]).toEqual([409, 'contractNotActive']);
      const notMine = await offer(h['buyer']!, { contractId: sellerContract, units: '1', price: formatPrice(reference), validityDays: 10 });
      expect([notMine.statusCode, notMine.json().code]).toEqual([404, 'marketContractNotFound']);
      const otherCompany = await offer(h['other']!, { contractId: sellerContract, units: '1', price: formatPrice(reference), validityDays: 10 });
      expect(otherCompany.statusCode).toBe(404);
      const small = await offer(h['seller']!, { contractId: sellerContract, units: '0.5', price: formatPrice(reference), validityDays: 10 });
      expect([small.statusCode, small.json().code]).toEqual([400, 'tradeTooSmall']);
      for (const body of [
        { units: '1', price: formatPrice(reference), validityDays: 0 },
        { units: '1', price: formatPrice(reference), validityDays: 91 },
        { units: '1.0000001', price: formatPrice(reference), validityDays: 10 },
        { units: '-1', price: formatPrice(reference), validityDays: 10 },
        { units: 1, price: formatPrice(reference), validityDays: 10 },
        { units: '1', price: 'diez', validityDays: 10 },
      ]) {
        const res = await offer(h['seller']!, { contractId: sellerContract, ...body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('validation');
      }
      expect(await counts()).toEqual(before);
    });

    it('never offers the same units twice: held − on open offers, freed again by a withdrawal', async () => {
      const held = await unitsOf(secondContract);
      const all = await offer(h['seller']!, { contractId: secondContract, units: formatUnits(held), price: formatPrice(reference), validityDays: 5 });
      expect(all.statusCode, all.body).toBe(201);
      const twice = await offer(h['seller']!, { contractId: secondContract, units: '1', price: formatPrice(reference), validityDays: 5 });
      expect([twice.statusCode, twice.json().code]).toEqual([409, 'notEnoughUnits']);
      expect(twice.json().detail).toContain('0.000000');
      expect((await inject('DELETE', `/api/market/offers/${all.json().id}`, h['seller'])).statusCode).toBe(204);
      const again = await offer(h['seller']!, { contractId: secondContract, units: '1', price: formatPrice(reference), validityDays: 5 });
      expect(again.statusCode).toBe(201);
      expect((await inject('DELETE', `/api/market/offers/${again.json().id}`, h['seller'])).statusCode).toBe(204);
    });

    it('is for investors: other roles 403, no token 401', async () => {
      for (const who of ['advisor', 'admin']) {
        expect((await offer(h[who]!, { contractId: sellerContract, units: '1', price: formatPrice(reference), validityDays: 5 })).statusCode).toBe(403);
        expect((await inject('GET', '/api/market/offers', h[who])).statusCode).toBe(403);
        expect((await inject('GET', '/api/market/my-offers', h[who])).statusCode).toBe(403);
        expect((await inject('GET', '/api/market/trades/mine', h[who])).statusCode).toBe(403);
      }
      expect((await inject('GET', '/api/market/offers', { 'company-id': '1' })).statusCode).toBe(401);
    });
  });

  describe('the list of open offers', () => {
    it('sorts by price and date, filters by price, pages, marks own offers and shows other companies nothing', async () => {
      const cheap = await openOffer('3', { price: formatPrice(band.min) });
      const dear = await openOffer('3', { price: formatPrice(band.max) });
      const byPrice = (await inject('GET', '/api/market/offers?sort=price&size=100', h['buyer'])).json();
      const prices = byPrice.items.map((i: { price: string }) => parsePrice(i.price));
      expect(prices).toEqual([...prices].sort((a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(byPrice.items[0].id).toBe(cheap.id);
      expect(byPrice.items[0].own).toBe(false);
      expect(byPrice.items[0].productKey).toBeTruthy();
      const desc = (await inject('GET', '/api/market/offers?sort=-price', h['buyer'])).json();
      expect(desc.items[0].id).toBe(dear.id);
      const newest = (await inject('GET', '/api/market/offers?sort=-date', h['buyer'])).json();
      expect(newest.items[0].id).toBe(dear.id);
      const filtered = (await inject('GET', `/api/market/offers?minPrice=${formatPrice(band.max)}`, h['buyer'])).json();
      expect(filtered.items.map((i: { id: string }) => i.id)).toEqual([dear.id]);
      const page = (await inject('GET', '/api/market/offers?sort=price&page=2&size=1', h['buyer'])).json();
      expect(page).toMatchObject({ page: 2, size: 1, total: byPrice.total });
      expect(page.items[0].id).toBe(byPrice.items[1].id);
      expect((await inject('GET', '/api/market/offers', h['seller'])).json().items.every((i: { own: boolean }) => i.own)).toBe(true);
      expect((await inject('GET', '/api/market/offers', h['other'])).json()).toMatchObject({ items: [], total: 0 });
      expect((await inject('GET', `/api/market/offers/${cheap.id}`, h['buyer'])).json().id).toBe(cheap.id);
      expect((await inject('GET', `/api/market/offers/${cheap.id}`, h['other'])).statusCode).toBe(404);
      for (const bad of ['sort=name', 'size=101', 'page=0', 'minPrice=-1']) expect((await inject('GET', `/api/market/offers?${bad}`, h['buyer'])).statusCode).toBe(400);
      for (const id of [cheap.id, dear.id]) await inject('DELETE', `/api/market/offers/${id}`, h['seller']);
    });
  });

  describe('buying', () => {
    it('refuses a buyer without a passed test, without both acknowledgements or without an Idempotency-Key, changing nothing', async () => {
      const o = await openOffer('5');
      const before = await counts();
      for (const who of ['untested', 'failed']) {
        const res = await buy(h[who]!, o.id, '1');
        expect([res.statusCode, res.json().code]).toEqual([409, 'appropriatenessRequired']);
      }
      for (const body of [{ acknowledgedKeyInformation: false }, { acknowledgedRiskWarning: undefined }]) {
        const res = await buy(h['buyer']!, o.id, '1', { body });
        expect([res.statusCode, res.json().code]).toEqual([400, 'validation']);
      }
      const noKey = await inject('POST', `/api/market/offers/${o.id}/buy`, h['buyer'], { units: '1', acknowledgedKeyInformation: true, acknowledgedRiskWarning: true });
      expect(noKey.statusCode).toBe(400);
      const own = await buy(h['seller']!, o.id, '1');
      expect([own.statusCode, own.json().code]).toEqual([409, 'ownOffer']);
      const tooMany = await buy(h['buyer']!, o.id, '5.000001');
      expect([tooMany.statusCode, tooMany.json().code]).toEqual([409, 'offerNotEnoughUnits']);
      const tooSmall = await buy(h['buyer']!, o.id, '0.5');
      expect([tooSmall.statusCode, tooSmall.json().code]).toEqual([400, 'tradeTooSmall']);
      const otherCompany = await buy(h['other']!, o.id, '1');
      expect(otherCompany.statusCode).toBe(404);
      expect((await buy(h['advisor']!, o.id, '1')).statusCode).toBe(403);
      expect(await counts()).toEqual(before);
      expect((await offerRow(o.id)).remaining_units).toMatch(/^5(\.0+)?$/);
      await inject('DELETE', `/api/market/offers/${o.id}`, h['seller']);
    });

    it('fills part, then the whole remainder even below the minimum, moving units and money in one balanced journal', async () => {
      const o = await openOffer('2.5');
      const sellerBefore = await unitsOf(sellerContract);
      const mailsBefore = await count('mail_outbox');
      const first = await buy(h['buyer']!, o.id, '2');
      expect(first.statusCode, first.body).toBe(201);
      const trade = first.json();
      const amounts = tradeAmounts(parseUnits('2'), reference);
      expect(trade).toMatchObject({
        units: '2.000000',
        price: formatPrice(reference),
        grossCents: amounts.gross.toString(),
        feeCents: amounts.fee.toString(),
        netCents: amounts.net.toString(),
        documentId: `trade.${trade.tradeId}.buy`,
      });
      expect(BigInt(trade.grossCents)).toBe(BigInt(trade.feeCents) + BigInt(trade.netCents));
      // The buyer holds the units in a new ACTIVE contract of the same product.
      const bought = await t.db.selectFrom('contracts').select(['user_id', 'state', 'product_key']).where('id', '=', trade.buyerContractId).executeTakeFirstOrThrow();
      expect(bought).toMatchObject({ user_id: ids['buyer'], state: 'ACTIVE', product_key: o.productKey });
      expect(await unitsOf(trade.buyerContractId)).toBe(parseUnits('2'));
      expect(await unitsOf(sellerContract)).toBe(sellerBefore - parseUnits('2'));
      const lines = await t.db
        .selectFrom('ledger_lines as l')
        .innerJoin('market_trades as m', 'm.journal_id', 'l.journal_id')
        .select(['l.account', 'l.amount', 'l.contract_id'])
        .where('m.id', '=', trade.tradeId)
        .execute();
      const line = (account: string, contract: string) => lines.find((l) => l.account === account && l.contract_id === contract)?.amount;
      expect(Number(line('BANK', trade.buyerContractId))).toBe(Number(amounts.gross) / 100);
      expect(Number(line('MARKET_PAYABLE', sellerContract))).toBe(-Number(amounts.net) / 100);
      expect(Number(line('MARKET_FEES', sellerContract))).toBe(-Number(amounts.fee) / 100);
      // Both parties are mailed.
      expect((await count('mail_outbox')) - mailsBefore).toBe(2);
      // The whole remainder (0.5 units, below 10.00 €) may always be bought.
      const rest = await buy(h['buyeren']!, o.id, '0.5');
      expect(rest.statusCode, rest.body).toBe(201);
      expect((await offerRow(o.id)).status).toBe('FILLED');
      const after = await buy(h['buyer']!, o.id, '0.5');
      expect([after.statusCode, after.json().code]).toEqual([409, 'offerClosed']);
      const mine = (await inject('GET', '/api/market/my-offers', h['seller'])).json().items.find((i: { id: string }) => i.id === o.id);
      expect(mine).toMatchObject({ status: 'FILLED', remainingUnits: '0.000000' });
      expect(mine.fills).toHaveLength(2);
      expect(mine.fills[0].gross).toBe(`${amounts.gross / 100n}.${String(amounts.gross % 100n).padStart(2, '0')}`);
      // Its journal cannot be reversed on its own (409), and nothing is written.
      const journalId = (await t.db.selectFrom('market_trades').select('journal_id').where('id', '=', trade.tradeId).executeTakeFirstOrThrow()).journal_id;
      const journalsBefore = await count('ledger_journals');
      const reversal = await inject('POST', `/api/ledger/journals/${journalId}/reverse`, h['admin'], { reason: 'Prueba de anulación' });
      expect([reversal.statusCode, reversal.json().code]).toEqual([409, 'journalIsTrade']);
      expect(await count('ledger_journals')).toBe(journalsBefore);
      const check = await checkCompanyLedger(t.db, '1');
      expect(check.ok).toBe(true);
      expect(check.unbalancedJournals).toEqual([]);
      expect(check.unitsHeld).toBe(check.unitsIssued.replace(/^-/, ''));
    });

    it('sells a remainder worth less than a cent: the units move, no money line is booked', async () => {
      const o = await openOffer('2');
      expect((await buy(h['buyer']!, o.id, '1.999999')).statusCode).toBe(201);
      const dust = await buy(h['buyeren']!, o.id, '0.000001');
      expect(dust.statusCode, dust.body).toBe(201);
      expect(dust.json()).toMatchObject({ units: '0.000001', grossCents: '0', feeCents: '0', netCents: '0' });
      expect(await unitsOf(dust.json().buyerContractId)).toBe(1n);
      expect((await offerRow(o.id)).status).toBe('FILLED');
      expect((await checkCompanyLedger(t.db, '1')).ok).toBe(true);
    });

    it('buys once on a retry with the same key (same answer), and refuses the key with another body (422)', async () => {
      const o = await openOffer('4');
      const k = key();
      const first = await buy(h['buyer']!, o.id, '1', { key: k });
      expect(first.statusCode).toBe(201);
      const before = await counts();
      const retry = await buy(h['buyer']!, o.id, '1', { key: k });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      const other = await buy(h['buyer']!, o.id, '2', { key: k });
      expect([other.statusCode, other.json().code]).toEqual([422, 'buyKeyReused']);
      expect(await counts()).toEqual(before);
      expect((await offerRow(o.id)).remaining_units).toMatch(/^3(\.0+)?$/);
      // The same key is another buyer's own: it buys.
      expect((await buy(h['buyeren']!, o.id, '1', { key: k })).statusCode).toBe(201);
      await inject('DELETE', `/api/market/offers/${o.id}`, h['seller']);
    });

    it('lists each party its trades, and each party reads only its own confirmation (PDF)', async () => {
      const o = await openOffer('1.5');
      const trade = (await buy(h['buyeren']!, o.id, '1.5')).json();
      const buyerTrades = (await inject('GET', '/api/market/trades/mine', h['buyeren'])).json().items;
      expect(buyerTrades[0]).toMatchObject({ id: trade.tradeId, side: 'BUY', documentId: `trade.${trade.tradeId}.buy` });
      const sellerTrades = (await inject('GET', '/api/market/trades/mine', h['seller'])).json().items;
      expect(sellerTrades.find((x: { id: string }) => x.id === trade.tradeId)).toMatchObject({ side: 'SELL', documentId: `trade.${trade.tradeId}.sell` });
      const pdf = await inject('GET', `/api/documents/files/trade.${trade.tradeId}.buy`, h['buyeren']);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('purchase confirmation');
      expect(text).toContain('not a regulated market');
      const sale = await inject('GET', `/api/documents/files/trade.${trade.tradeId}.sell?lang=es`, h['seller']);
      expect(sale.statusCode).toBe(200);
      expect(await pdfText(sale.rawPayload)).toContain('Justificante de venta');
      expect((await inject('GET', `/api/documents/files/trade.${trade.tradeId}.sell`, h['buyeren'])).statusCode).toBe(404);
      expect((await inject('GET', `/api/documents/files/trade.${trade.tradeId}.buy`, h['seller'])).statusCode).toBe(404);
      expect((await inject('GET', `/api/documents/files/trade.${trade.tradeId}.buy`, h['other'])).statusCode).toBe(404);
      // Both confirmations are on each party's documents list, under the contract they belong to.
      const tradeDocs = async (headers: THeaders, customerId: string) => {
        const res = await inject('GET', `/api/documents/customers/${customerId}`, headers);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().documents as { id: string; kind: string; contractId: string; date: string; amount: string }[]).filter((d) => d.kind === 'TRADE');
      };
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
      const gross = formatEur(BigInt(trade.grossCents));
      expect(await tradeDocs(h['buyeren']!, ids['buyeren']!)).toContainEqual(
        expect.objectContaining({ id: `trade.${trade.tradeId}.buy`, contractId: trade.buyerContractId, date: today, amount: gross }),
      );
      const sellerDocs = await tradeDocs(h['seller']!, ids['seller']!);
      expect(sellerDocs).toContainEqual(expect.objectContaining({ id: `trade.${trade.tradeId}.sell`, contractId: sellerContract, date: today, amount: gross }));
      expect(sellerDocs.some((d) => d.id.endsWith('.buy'))).toBe(false);
      // One contract's list carries its own trades only.
      const ofContract = (await inject('GET', `/api/documents/customers/${ids['seller']}?contractId=${secondContract}`, h['seller'])).json().documents;
      expect(ofContract.some((d: { id: string }) => d.id === `trade.${trade.tradeId}.sell`)).toBe(false);
      // Who may list and download stays: the owner, their advisor and ADMIN; another investor or company 404.
      expect((await tradeDocs(h['advisor']!, ids['seller']!)).map((d) => d.id)).toContain(`trade.${trade.tradeId}.sell`);
      expect((await inject('GET', `/api/documents/files/trade.${trade.tradeId}.sell`, h['advisor'])).statusCode).toBe(200);
      expect((await inject('GET', `/api/documents/files/trade.${trade.tradeId}.buy`, h['admin'])).statusCode).toBe(200);
      expect((await inject('GET', `/api/documents/customers/${ids['seller']}`, h['buyeren'])).statusCode).toBe(404);
      expect((await inject('GET', `/api/documents/customers/${ids['buyeren']}`, h['seller'])).statusCode).toBe(404);
      expect((await inject('GET', `/api/documents/customers/${ids['seller']}`, h['other'])).statusCode).toBe(404);
      // The mails, in each person's language.
      await t.app.mailer.drain();
      const toBuyer = t.sentMails.filter((m) => m.subject.startsWith('KC: you bought'));
      expect(toBuyer.length).toBeGreaterThan(0);
      expect(t.sentMails.some((m) => m.subject.startsWith('KC: ha vendido'))).toBe(true);
    });

    it("puts each party's offers, trades and second factors in their personal data export, never the other party", async () => {
      const exportOf = async (headers: THeaders) => {
        const res = await inject('GET', '/api/privacy/export', headers);
        expect(res.statusCode, res.body).toBe(200);
        const files = await unzip(res.rawPayload);
        const json = (name: string) => JSON.parse(files.get(`${name}.json`)!) as Record<string, unknown>[];
        return { files, json };
      };
      const buyer = await newInvestor('exporter');
      const o = await openOffer('2');
      const bought = await buy(buyer.headers, o.id, '2');
      expect(bought.statusCode, bought.body).toBe(201);
      const trade = bought.json();
      // The buyer enrols an authenticator app (their token was stamped when issued: the export's step-up passes).
      await enrolTestTotp(t.db, buyer.id, '1');

      const mine = await exportOf(buyer.headers);
      expect(mine.json('market-offers')).toEqual([]);
      expect(mine.json('market-trades')).toEqual([
        expect.objectContaining({ id: trade.tradeId, side: 'BUY', contractId: trade.buyerContractId, units: '2.000000', grossEur: formatEur(BigInt(trade.grossCents)), feeEur: '0.00' }),
      ]);
      const factors = mine.json('second-factors');
      expect(factors).toEqual([expect.objectContaining({ kind: 'totp', name: null })]);
      const everything = [...mine.files.values()].join('\n');
      // Nothing of the seller (id, contract) and no secret reaches the buyer's archive.
      expect(everything).not.toContain(ids['seller']!);
      expect(everything).not.toContain(sellerContract);
      const secret = await t.db.selectFrom('user_totp').select('secret_encrypted').where('user_id', '=', buyer.id).executeTakeFirstOrThrow();
      expect(everything).not.toContain(secret.secret_encrypted!);

      const theirs = await exportOf(h['seller']!);
      expect(theirs.json('market-offers')).toContainEqual(expect.objectContaining({ id: o.id, contractId: sellerContract, units: '2.000000', remainingUnits: '0.000000', status: 'FILLED' }));
      expect(theirs.json('market-trades')).toContainEqual(
        expect.objectContaining({ id: trade.tradeId, side: 'SELL', contractId: sellerContract, feeEur: formatEur(BigInt(trade.feeCents)), netEur: formatEur(BigInt(trade.netCents)) }),
      );
      const sellerArchive = [...theirs.files.values()].join('\n');
      expect(sellerArchive).not.toContain(buyer.id);
      expect(sellerArchive).not.toContain(buyer.email);
      expect(sellerArchive).not.toContain(trade.buyerContractId);
    });

    it('shows the last trades in the summary without any name or id', async () => {
      const body = (await inject('GET', '/api/market/summary', undefined)).json();
      expect(body.lastTrades.length).toBeGreaterThan(0);
      expect(Object.keys(body.lastTrades[0]).sort()).toEqual(['at', 'price', 'units']);
      const text = JSON.stringify(body);
      for (const secret of [ids['seller']!, ids['buyer']!, SELLER, 'Inés', 'Inversora', sellerContract]) expect(text).not.toContain(secret);
    });
  });

  describe('changing and withdrawing', () => {
    it('changes units, price and validity of an own open offer, inside the rules', async () => {
      const o = await openOffer('3');
      const res = await inject('PATCH', `/api/market/offers/${o.id}`, h['seller'], { units: '4', price: formatPrice(band.max), validityDays: 2 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ units: '4.000000', remainingUnits: '4.000000', price: formatPrice(band.max) });
      expect(new Date(res.json().validUntil).getTime()).toBeLessThan(new Date(o.validUntil).getTime());
      const before = await offerRow(o.id);
      const out = await inject('PATCH', `/api/market/offers/${o.id}`, h['seller'], { price: formatPrice(band.max + 1n) });
      expect([out.statusCode, out.json().code]).toEqual([400, 'priceOutOfBand']);
      const tooMany = await inject('PATCH', `/api/market/offers/${o.id}`, h['seller'], { units: formatUnits((await unitsOf(sellerContract)) + 1n) });
      expect([tooMany.statusCode, tooMany.json().code]).toEqual([409, 'notEnoughUnits']);
      expect((await inject('PATCH', `/api/market/offers/${o.id}`, h['seller'], {})).statusCode).toBe(400);
      expect((await inject('PATCH', `/api/market/offers/${o.id}`, h['buyer'], { price: formatPrice(reference) })).statusCode).toBe(404);
      expect((await inject('PATCH', `/api/market/offers/${o.id}`, h['other'], { price: formatPrice(reference) })).statusCode).toBe(404);
      expect(await offerRow(o.id)).toEqual(before);
      expect((await inject('DELETE', `/api/market/offers/${o.id}`, h['buyer'])).statusCode).toBe(404);
      expect((await inject('DELETE', `/api/market/offers/${o.id}`, h['seller'])).statusCode).toBe(204);
      expect((await inject('DELETE', `/api/market/offers/${o.id}`, h['seller'])).statusCode).toBe(409);
      const closed = await inject('PATCH', `/api/market/offers/${o.id}`, h['seller'], { price: formatPrice(reference) });
      expect([closed.statusCode, closed.json().code]).toEqual([409, 'offerClosed']);
      expect((await buy(h['buyer']!, o.id, '1')).json().code).toBe('offerClosed');
    });

    it('withdraws the open offers of a contract that leaves ACTIVE, and mails the seller', async () => {
      const o = await openOffer('2', { contractId: secondContract });
      const archived = await inject('POST', `/api/contracts/${secondContract}/archive`, h['seller'], {});
      expect(archived.statusCode, archived.body).toBe(200);
      const row = await offerRow(o.id);
      expect([row.status, row.close_reason]).toEqual(['WITHDRAWN', 'contractClosed']);
      const mail = await t.db.selectFrom('mail_outbox').select(['subject']).orderBy('id', 'desc').limit(3).execute();
      expect(mail.some((m) => m.subject.includes('se ha cerrado'))).toBe(true);
      expect((await inject('POST', `/api/contracts/${secondContract}/recover`, h['seller'], {})).statusCode).toBe(200);
    });
  });

  describe('units on offer never leave the contract another way (a staff reversal of a payment)', () => {
    const count2 = async (table: 'ledger_lines' | 'audit_log') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const onOfferOf = async (contractId: string) => {
      const row = await t.db
        .selectFrom('market_offers')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('remaining_units'), eb.val('0')).as('units'))
        .where('contract_id', '=', contractId)
        .where('status', '=', 'OPEN')
        .executeTakeFirstOrThrow();
      return parseUnits(String(row.units).includes('.') ? String(row.units).replace(/0+$/, '').replace(/\.$/, '') : String(row.units));
    };
    /** A new payment of the seller's first contract: its journal and the units it bought. */
    async function payment(amount: string) {
      const reference = `REV-${kind}-${Date.now()}-${(keyCounter += 1)}`;
      await recordFirstPayment(t.app, h['advisor']!, sellerContract, { amount, reference });
      const row = await t.db.selectFrom('payments').select(['journal_id', 'units']).where('reference', '=', reference).executeTakeFirstOrThrow();
      return { journalId: String(row.journal_id), units: parseUnits(String(row.units).replace(/0+$/, '').replace(/\.$/, '')) };
    }
    const reverse = (journalId: string, lang = 'es') =>
      inject('POST', `/api/ledger/journals/${journalId}/reverse`, h['admin'], { reason: 'Devolución del cargo por el banco' }, { 'accept-language': lang });

    it('refuses (409 unitsOnOffer, nothing written) a reversal that would leave fewer units than the open offers; allows it once they are covered', async () => {
      const paid = await payment('500.00');
      const free = (await unitsOf(sellerContract)) - (await onOfferOf(sellerContract));
      // Offers every free unit but those of the payment, plus one: the reversal would leave one short.
      const o = await openOffer(formatUnits(free - paid.units + parseUnits('1')));
      const onOffer = await onOfferOf(sellerContract);
      const left = (await unitsOf(sellerContract)) - paid.units;
      const before = { ...(await counts()), lines: await count2('ledger_lines'), audit: await count2('audit_log'), offer: await offerRow(o.id), units: await unitsOf(sellerContract) };
      const refused = await reverse(paid.journalId);
      expect([refused.statusCode, refused.json().code], refused.body).toEqual([409, 'unitsOnOffer']);
      expect(refused.json().detail).toContain(formatUnits(onOffer));
      expect(refused.json().detail).toContain(formatUnits(left));
      expect(refused.json().detail).toContain('retirarla');
      const english = await reverse(paid.journalId, 'en');
      expect(english.json().title).toBe('Units on offer');
      expect(english.json().detail).toContain('change or withdraw the offer first');
      expect({ ...(await counts()), lines: await count2('ledger_lines'), audit: await count2('audit_log'), offer: await offerRow(o.id), units: await unitsOf(sellerContract) }).toEqual(before);
      expect((await t.db.selectFrom('ledger_journals').select('id').where('reverses_journal_id', '=', paid.journalId).execute()).length).toBe(0);
      // The seller lowers the offer by one unit: exactly covered, the reversal passes.
      const changed = await inject('PATCH', `/api/market/offers/${o.id}`, h['seller'], { units: formatUnits(free - paid.units) });
      expect(changed.statusCode, changed.body).toBe(200);
      const allowed = await reverse(paid.journalId);
      expect(allowed.statusCode, allowed.body).toBe(201);
      expect(await unitsOf(sellerContract)).toBe(await onOfferOf(sellerContract));
      expect((await checkCompanyLedger(t.db, '1')).ok).toBe(true);
      expect((await offerRow(o.id)).status).toBe('OPEN');
      expect((await inject('DELETE', `/api/market/offers/${o.id}`, h['seller'])).statusCode).toBe(204);
    });

    it('refuses (409 unitsAlreadySold, nothing written) a reversal that would take units already sold to another investor', async () => {
      const paid = await payment('300.00');
      const free = (await unitsOf(sellerContract)) - (await onOfferOf(sellerContract));
      // Sells all but half of what the payment bought (the contract keeps units for the next tests).
      const sold = free - paid.units / 2n;
      const o = await openOffer(formatUnits(sold));
      const bought = await buy(h['buyer']!, o.id, formatUnits(sold));
      expect(bought.statusCode, bought.body).toBe(201);
      const held = await unitsOf(sellerContract);
      // What the payment bought is more than the contract still holds: the rest is the buyer's.
      expect(held).toBeLessThan(paid.units);
      const before = { ...(await counts()), lines: await count2('ledger_lines'), audit: await count2('audit_log'), units: held };
      const refused = await reverse(paid.journalId);
      expect([refused.statusCode, refused.json().code], refused.body).toEqual([409, 'unitsAlreadySold']);
      expect(refused.json().title).toBe('Participaciones ya vendidas');
      expect(refused.json().detail).toContain(formatUnits(paid.units));
      expect(refused.json().detail).toContain(formatUnits(held));
      const english = await reverse(paid.journalId, 'en');
      expect(english.json().title).toBe('Units already sold');
      expect(english.json().detail).toContain('settle the amount with the investor another way');
      expect({ ...(await counts()), lines: await count2('ledger_lines'), audit: await count2('audit_log'), units: await unitsOf(sellerContract) }).toEqual(before);
      expect((await t.db.selectFrom('ledger_journals').select('id').where('reverses_journal_id', '=', paid.journalId).execute()).length).toBe(0);
      expect((await checkCompanyLedger(t.db, '1')).ok).toBe(true);
    });

    it('allows a reversal of a contract with no open offer, and of one whose offers stay covered', async () => {
      const paid = await payment('200.00');
      const o = await openOffer('1');
      const res = await reverse(paid.journalId);
      expect(res.statusCode, res.body).toBe(201);
      expect((await offerRow(o.id)).status).toBe('OPEN');
      expect((await inject('DELETE', `/api/market/offers/${o.id}`, h['seller'])).statusCode).toBe(204);
      const again = await payment('100.00');
      expect((await reverse(again.journalId)).statusCode).toBe(201);
    });

    it('never lets an offer and a reversal racing for the same units both pass', async () => {
      for (let round = 0; round < 3; round += 1) {
        const paid = await payment('300.00');
        const free = (await unitsOf(sellerContract)) - (await onOfferOf(sellerContract));
        const [offered, reversed] = await Promise.all([
          offer(h['seller']!, { contractId: sellerContract, units: formatUnits(free), price: formatPrice(reference), validityDays: 5 }),
          reverse(paid.journalId),
        ]);
        const outcome = [offered.statusCode, reversed.statusCode];
        expect([
          [201, 409],
          [409, 201],
        ]).toContainEqual(outcome);
        if (offered.statusCode === 201) expect(reversed.json().code).toBe('unitsOnOffer');
        else expect(offered.json().code).toBe('notEnoughUnits');
        expect(await unitsOf(sellerContract)).toBeGreaterThanOrEqual(await onOfferOf(sellerContract));
        if (offered.statusCode === 201) await inject('DELETE', `/api/market/offers/${offered.json().id}`, h['seller']);
      }
    });
  });

  describe('expiry', () => {
    it('expires offers past their validity once, with two runners at once and the clock pinned', async () => {
      const a = await openOffer('1', { validityDays: 1 });
      const b = await openOffer('1', { validityDays: 1 });
      const c = await openOffer('1', { validityDays: 3 });
      // Before its end an offer is buyable; the job at the last instant leaves it.
      const early = createMarketExpiryJob({ db: t.db, mailer: t.app.mailer, publicUrl: 'http://localhost', pollMs: 0, log: t.app.log, clock: () => new Date(new Date(a.validUntil).getTime() - 1) });
      expect((await early.runOnce()).expired).toBe(0);
      const at = new Date(new Date(a.validUntil).getTime() + 1000);
      const runners = [0, 1].map(() => createMarketExpiryJob({ db: t.db, mailer: t.app.mailer, publicUrl: 'http://localhost', pollMs: 0, log: t.app.log, clock: () => at, batchSize: 1 }));
      const mailsBefore = await count('mail_outbox');
      const done = await Promise.all(runners.map((r) => r.runOnce()));
      expect(done[0]!.expired + done[1]!.expired).toBe(2);
      expect((await offerRow(a.id)).status).toBe('EXPIRED');
      expect((await offerRow(b.id)).status).toBe('EXPIRED');
      expect((await offerRow(c.id)).status).toBe('OPEN');
      expect((await count('mail_outbox')) - mailsBefore).toBe(2);
      expect((await Promise.all(runners.map((r) => r.runOnce()))).map((d) => d.expired)).toEqual([0, 0]);
      await inject('DELETE', `/api/market/offers/${c.id}`, h['seller']);
    });
  });

  describe('step-up (a second factor used in the last 5 minutes, for those who have one)', () => {
    /** Sets this session's second-factor stamp `ago` ms back (null: never proved). */
    async function stamp(headers: THeaders, ago: number | null) {
      await t.db
        .updateTable('access_tokens')
        .set({ second_factor_at: ago === null ? null : new Date(Date.now() - ago) })
        .where('token_hash', '=', hashToken(headers['authorization']!.slice(7)))
        .execute();
      forgetSessions(t.db);
    }

    it('asks the seller for it to offer and to change an offer (403 stepUpRequired, action sell), nothing changed', async () => {
      const o = await openOffer('1');
      const priceBefore = (await offerRow(o.id)).price;
      await enrolTestTotp(t.db, ids['seller']!, '1');
      try {
        for (const ago of [null, STEP_UP_WINDOW_MS]) {
          await stamp(h['seller']!, ago);
          const before = await counts();
          const refused = await offer(h['seller']!, { contractId: sellerContract, units: '1', price: formatPrice(reference), validityDays: 5 });
          expect([refused.statusCode, refused.json().code, refused.json().action]).toEqual([403, 'stepUpRequired', 'sell']);
          const change = await inject('PATCH', `/api/market/offers/${o.id}`, h['seller'], { price: formatPrice(band.max) });
          expect([change.statusCode, change.json().action]).toEqual([403, 'sell']);
          expect(await counts()).toEqual(before);
          expect((await offerRow(o.id)).price).toBe(priceBefore);
        }
        await stamp(h['seller']!, 60_000);
        expect((await inject('PATCH', `/api/market/offers/${o.id}`, h['seller'], { price: formatPrice(band.max) })).statusCode).toBe(200);
        // Withdrawing needs no step-up: it only gives the units back.
        await stamp(h['seller']!, null);
        expect((await inject('DELETE', `/api/market/offers/${o.id}`, h['seller'])).statusCode).toBe(204);
      } finally {
        await t.db.deleteFrom('user_totp').where('user_id', '=', ids['seller']!).execute();
        forgetSessions(t.db);
      }
    });

    it('asks the buyer for it to buy (403 stepUpRequired, action buy), nothing bought, then buys after a step-up', async () => {
      const buyer = await newInvestor('stepbuyer');
      const o = await openOffer('2');
      await enrolTestTotp(t.db, buyer.id, '1');
      await stamp(buyer.headers, null);
      const before = await counts();
      const refused = await buy(buyer.headers, o.id, '1');
      expect([refused.statusCode, refused.json().code, refused.json().action]).toEqual([403, 'stepUpRequired', 'buy']);
      expect(await counts()).toEqual(before);
      await stamp(buyer.headers, 1000);
      expect((await buy(buyer.headers, o.id, '1')).statusCode).toBe(201);
      await inject('DELETE', `/api/market/offers/${o.id}`, h['seller']);
    });
  });

  describe('concurrency', () => {
    it('sells exactly the units offered when many buys race for one offer (split over two instances on PostgreSQL)', async () => {
      const o = await openOffer('10');
      const buyers = [h['buyer']!, h['buyeren']!];
      const sibling = t.openSibling ? await t.openSibling() : undefined;
      try {
        const apps = sibling ? [t.app, sibling.app] : [t.app];
        const attempts = 50;
        const results = await Promise.all(
          Array.from({ length: attempts }, (_, i) =>
            apps[i % apps.length]!.inject({
              method: 'POST',
              url: `/api/market/offers/${o.id}/buy`,
              headers: { ...buyers[i % buyers.length]!, 'idempotency-key': key() },
              payload: { units: '1', acknowledgedKeyInformation: true, acknowledgedRiskWarning: true },
            }),
          ),
        );
        const statuses = results.map((r) => r.statusCode);
        expect(statuses.filter((s) => s === 201)).toHaveLength(10);
        expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
        const sold = await t.db.selectFrom('market_trades').select((eb) => eb.fn.sum<string>('units').as('units')).where('offer_id', '=', o.id).executeTakeFirstOrThrow();
        expect(parseUnits(String(sold.units).replace(/0+$/, '').replace(/\.$/, ''))).toBe(parseUnits('10'));
        expect((await offerRow(o.id)).status).toBe('FILLED');
        expect((await checkCompanyLedger(t.db, '1')).ok).toBe(true);
      } finally {
        await sibling?.close();
      }
    });
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { formatEur, formatPrice, formatUnits, parseEur, parsePrice, unitsFor, valueAt } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { TEST_BASE_YEAR } from './helpers/constants.ts';
import { demoPrices, seedLedger } from '../src/db/seed/ledger.ts';
import { forgetSessions } from '../src/lib/session-cache.ts';

const INVESTOR = 'investor@kc.example';
const OTHER_INVESTOR = 'investor@other.example';
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
/** The seeded prices run monthly from 2018-01-01 to 2020-12-01 (TEST_BASE_YEAR 2020). */
const FIRST_PRICE_DATE = `${TEST_BASE_YEAR - 2}-01-01`;
const LAST_PRICE_DATE = `${TEST_BASE_YEAR}-12-01`;

/**
 * The money ledger (issue 15) through the real server: prices, payments, schedule, holdings,
 * reversals, the check, and the database's own guards (balance, append-only).
 */
describe.each(DB_KINDS)('the money ledger on %s', (kind) => {
  let t: TTestApp;
  const h: Record<string, Record<string, string>> = {};
  let ids: Record<string, string>;
  let newContract: string; // the demo investor's NEW contract, no payments
  let activeContract: string; // an ACTIVE contract with seeded payments
  let archivedContract: string;
  let otherCompanyContract: string;

  const count = async (table: 'payments' | 'ledger_journals' | 'ledger_lines' | 'kc_prices' | 'audit_log' | 'mail_outbox') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({
    payments: await count('payments'),
    journals: await count('ledger_journals'),
    lines: await count('ledger_lines'),
    prices: await count('kc_prices'),
    audit: await count('audit_log'),
    mails: await count('mail_outbox'),
  });
  const record = (headers: Record<string, string>, contractId: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/ledger/contracts/${contractId}/payments`, headers, payload: body });
  let refCounter = 0;
  const payment = (overrides: Record<string, unknown> = {}) => {
    refCounter += 1;
    return { amount: '150.00', valueDate: '2019-12-20', method: 'TRANSFER', reference: `TR-${kind}-${refCounter}`, ...overrides };
  };
  const addUser = async (email: string, company: string, roles: string[]) => {
    await t.db
      .insertInto('users')
      .values({ company_id: company, email, password_hash: 'x', first_name: 'Test', last_name: 'User', roles, confirmed_at: new Date(), country_id: 'ES', language: 'es' })
      .execute();
    return authHeaders(t.db, email);
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (const email of ['admin@kc.example', 'company.manager@kc.example', 'advisor@kc.example', 'agent@kc.example', INVESTOR, OTHER_INVESTOR]) {
      h[email] = await authHeaders(t.db, email);
    }
    h['other.advisor'] = await addUser('other.advisor@kc.example', '1', ['ADVISOR']);
    h['other.admin'] = await addUser('admin@other.example', '2', ['ADMIN']);
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    const contracts = await t.db.selectFrom('contracts').select(['id', 'state', 'user_id', 'submission_date']).orderBy('submission_date').orderBy('id').execute();
    const mine = contracts.filter((c) => c.user_id === ids[INVESTOR]);
    newContract = mine.find((c) => c.state === 'NEW')!.id;
    activeContract = mine.find((c) => c.state === 'ACTIVE')!.id;
    archivedContract = mine.find((c) => c.state === 'ARCHIVED')!.id;
    otherCompanyContract = contracts.find((c) => c.user_id === ids[OTHER_INVESTOR])!.id;
  });
  afterAll(async () => t?.close());

  describe('demo seed', () => {
    it('publishes two years of monthly prices and pays the ACTIVE contracts, and running it again adds nothing', async () => {
      const prices = await t.db.selectFrom('kc_prices').select(['value_date']).where('company_id', '=', '1').orderBy('value_date').execute();
      expect(prices.map((p) => p.value_date)).toEqual(demoPrices(TEST_BASE_YEAR, today()).map((p) => p.valueDate));
      expect(prices[0]!.value_date).toBe(FIRST_PRICE_DATE);
      const paid = await t.db.selectFrom('payments').select('contract_id').distinct().execute();
      const active = await t.db.selectFrom('contracts').select('id').where('user_id', '=', ids[INVESTOR]!).where('state', '=', 'ACTIVE').execute();
      expect(paid.map((p) => p.contract_id).sort()).toEqual(active.map((c) => c.id).sort());
      const before = await counts();
      await seedLedger(t.db, { baseYear: TEST_BASE_YEAR });
      expect(await counts()).toEqual(before);
    });
  });

  describe('prices', () => {
    it('serves the public history without a session, oldest first, filtered by date, per company', async () => {
      const all = await t.app.inject({ url: '/api/ledger/prices', headers: { 'company-id': '1' } });
      expect(all.statusCode).toBe(200);
      const prices = all.json().prices as { valueDate: string; price: string; assetReport: string }[];
      expect(prices.length).toBeGreaterThanOrEqual(36);
      expect(prices[0]).toMatchObject({ valueDate: FIRST_PRICE_DATE, price: '9.970000' });
      expect(prices.map((p) => p.valueDate)).toEqual([...prices.map((p) => p.valueDate)].sort());
      const some = await t.app.inject({ url: '/api/ledger/prices?from=2019-01-01&to=2019-03-31', headers: { 'company-id': '1' } });
      expect(some.json().prices.map((p: { valueDate: string }) => p.valueDate)).toEqual(['2019-01-01', '2019-02-01', '2019-03-01']);
      const other = await t.app.inject({ url: '/api/ledger/prices', headers: { 'company-id': '2' } });
      expect(other.json().prices).toEqual([]);
      const bad = await t.app.inject({ url: '/api/ledger/prices?from=2019-02-30', headers: { 'company-id': '1', 'accept-language': 'en' } });
      expect(bad.statusCode).toBe(400);
      expect(await t.app.inject({ url: '/api/ledger/prices' }).then((r) => r.statusCode)).toBe(400);
    });

    it('lets ADMIN publish a price once per date, with an audit entry; a published price is final', async () => {
      const before = await counts();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ledger/prices',
        headers: h['admin@kc.example'],
        payload: { valueDate: '2020-02-15', price: '10.9', assetReport: 'Informe de activos, enero de 2020' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ valueDate: '2020-02-15', price: '10.900000', assetReport: 'Informe de activos, enero de 2020' });
      const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'price.publish').executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ company_id: '1', actor_id: ids['admin@kc.example'], entity_type: 'price', entity_id: '2020-02-15' });
      expect(await counts()).toEqual({ ...before, prices: before.prices + 1, audit: before.audit + 1 });
      // (Publishing a price mails nobody.)

      const again = await t.app.inject({
        method: 'POST',
        url: '/api/ledger/prices',
        headers: { ...h['admin@kc.example'], 'accept-language': 'en' },
        payload: { valueDate: '2020-02-15', price: '11.00', assetReport: 'Another report' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'priceDateTaken', title: 'Price already published' });
      expect(again.json().detail).toContain('2020-02-15');
      expect(await count('kc_prices')).toBe(before.prices + 1);
      await expect(sql`UPDATE kc_prices SET price = 1 WHERE value_date = '2020-02-15'`.execute(t.db)).rejects.toThrow(/append-only/);
      await expect(sql`DELETE FROM kc_prices WHERE value_date = '2020-02-15'`.execute(t.db)).rejects.toThrow(/append-only/);
    });

    it.each([
      [{ price: '0' }, 'price', 'Indique un valor liquidativo mayor que cero, con seis decimales como máximo (por ejemplo, 10.254300)'],
      [{ price: '10.1234567' }, 'price', 'Indique un valor liquidativo mayor que cero, con seis decimales como máximo (por ejemplo, 10.254300)'],
      [{ price: 10 }, 'price', 'Indique un valor liquidativo mayor que cero, con seis decimales como máximo (por ejemplo, 10.254300)'],
      [{ valueDate: '2020-13-01' }, 'valueDate', 'Indique una fecha válida (AAAA-MM-DD)'],
      [{ valueDate: 'tomorrow' }, 'valueDate', 'La fecha valor no puede ser posterior a hoy'],
      [{ assetReport: ' ' }, 'assetReport', 'Indique el informe de activos del que procede el valor (de 3 a 500 caracteres)'],
    ])('refuses a bad price %j with a clear message, and publishes nothing', async (override, field, message) => {
      const before = await counts();
      const body = { valueDate: '2020-03-15', price: '10.50', assetReport: 'Informe', ...override };
      if (body.valueDate === 'tomorrow') body.valueDate = tomorrow();
      const res = await t.app.inject({ method: 'POST', url: '/api/ledger/prices', headers: h['admin@kc.example'], payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
      expect(await counts()).toEqual(before);
    });

    it('refuses every role but ADMIN, and no session', async () => {
      for (const email of ['company.manager@kc.example', 'advisor@kc.example', INVESTOR]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/ledger/prices', headers: h[email], payload: { valueDate: '2020-03-15', price: '10.50', assetReport: 'Informe' } });
        expect(res.statusCode, email).toBe(403);
      }
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/ledger/prices', headers: { 'company-id': '1' }, payload: { valueDate: '2020-03-15', price: '10.50', assetReport: 'Informe' } });
      expect(anonymous.statusCode).toBe(401);
      expect(await t.db.selectFrom('kc_prices').select('value_date').where('value_date', '=', '2020-03-15').execute()).toEqual([]);
    });
  });

  describe('recording a payment', () => {
    it('books one balanced journal: cash in, units bought at the latest price on or before the value date', async () => {
      const before = await counts();
      const res = await record(h['advisor@kc.example']!, newContract, payment({ amount: '150.00', valueDate: '2019-12-20', reference: 'TR-FIRST' }));
      expect(res.statusCode).toBe(201);
      const body = res.json();
      // The price of 2019-12-01 applies to a value date of 2019-12-20.
      const price = await t.db.selectFrom('kc_prices').select('price').where('company_id', '=', '1').where('value_date', '=', '2019-12-01').executeTakeFirstOrThrow();
      const expected = unitsFor(parseEur('150.00'), parsePrice(price.price));
      expect(body).toMatchObject({ contractId: newContract, amount: '150.00', valueDate: '2019-12-20', method: 'TRANSFER', reference: 'TR-FIRST', units: formatUnits(expected.units), reversedAt: null });
      const lines = await t.db.selectFrom('ledger_lines').selectAll().where('journal_id', '=', body.journalId).orderBy('id').execute();
      const byAccount = Object.fromEntries(lines.map((l) => [l.account, Number(l.amount)]));
      expect(byAccount['BANK']).toBe(150);
      expect(byAccount['INVESTOR_UNITS']).toBe(Number(formatUnits(expected.units)));
      expect(byAccount['KC_UNITS_ISSUED']).toBe(-Number(formatUnits(expected.units)));
      expect(lines.every((l) => l.contract_id === newContract && l.user_id === ids[INVESTOR] && l.company_id === '1')).toBe(true);
      const sums = await sql<{ currency: string; total: string }>`SELECT currency, sum(amount)::text AS total FROM ledger_lines WHERE journal_id = ${body.journalId} GROUP BY currency`.execute(t.db);
      expect(sums.rows.map((r) => Number(r.total))).toEqual([0, 0]);
      const journal = await t.db.selectFrom('ledger_journals').selectAll().where('id', '=', body.journalId).executeTakeFirstOrThrow();
      expect(journal).toMatchObject({ company_id: '1', kind: 'PAYMENT', occurred_on: '2019-12-20', created_by: ids['advisor@kc.example'] });
      const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', body.id).executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ action: 'payment.record', entity_type: 'payment', actor_id: ids['advisor@kc.example'] });
      expect(audit.after).toMatchObject({ amount: '150.00', reference: 'TR-FIRST', priceDate: '2019-12-01', roundingRemainder: formatEur(expected.remainder) });
      expect(await counts()).toEqual({ ...before, payments: before.payments + 1, journals: before.journals + 1, lines: before.lines + lines.length, audit: before.audit + 1, mails: before.mails + 1 });
      // The investor gets a receipt in their language, with the price and the units.
      await t.app.mailer.drain();
      const receipt = t.sentMails.find((m) => m.subject.startsWith('KC: recibo de su aportación'))!;
      expect(receipt.to).toBe(INVESTOR);
      expect(receipt.subject).toBe('KC: recibo de su aportación de 150,00\u00a0€');
      expect(receipt.text).toContain('con fecha valor 20/12/2019 (referencia TR-FIRST)');
      expect(receipt.text).toContain(`Con ella ha adquirido ${formatUnits(expected.units).replace('.', ',')} participaciones de KC al valor liquidativo publicado del 01/12/2019`);
    });

    it('answers the same payment sent twice with the first one (200) and books it once; another payment with that reference is refused', async () => {
      const body = payment({ amount: '75.50', reference: 'TR-TWICE' });
      const first = await record(h['advisor@kc.example']!, newContract, body);
      expect(first.statusCode).toBe(201);
      const before = await counts();
      const again = await record(h['company.manager@kc.example']!, newContract, body);
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(first.json().id);
      expect(await counts()).toEqual(before);
      const clash = await record(h['advisor@kc.example']!, newContract, { ...body, amount: '80.00' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toMatchObject({ code: 'paymentReferenceTaken', title: 'Referencia ya utilizada' });
      expect(await counts()).toEqual(before);
    });

    it('records two different payments sent at once, and one of two identical ones', async () => {
      const before = await counts();
      const same = payment({ reference: 'TR-RACE' });
      const results = await Promise.all([
        record(h['advisor@kc.example']!, newContract, same),
        record(h['admin@kc.example']!, newContract, same),
        record(h['advisor@kc.example']!, newContract, payment()),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201, 201]);
      expect(results[0]!.json().id).toBe(results[1]!.json().id);
      expect((await counts()).payments).toBe(before.payments + 2);
    });

    it('answers 409 with a clear message when no price is published on or before the value date, and records nothing', async () => {
      const product = await t.db.selectFrom('products').select('id').where('company_id', '=', '1').where('product_key', '=', 'jubilacion').executeTakeFirstOrThrow();
      const old = await t.db
        .insertInto('contracts')
        .values({ company_id: '1', user_id: ids[INVESTOR]!, product_id: product.id, product_key: 'jubilacion', state: 'NEW', initial_investment: '100.00', recurring_amount: '10.00', submission_date: '2017-06-01', expiring_date: '2037-06-01' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = await counts();
      const res = await record({ ...h['advisor@kc.example']!, 'accept-language': 'en' }, old.id, payment({ valueDate: '2017-12-31' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'noPublishedPrice', title: 'No published price' });
      expect(res.json().detail).toContain('2017-12-31');
      expect(await counts()).toEqual(before);
      // From the first published date on, it is priced.
      expect((await record(h['advisor@kc.example']!, old.id, payment({ valueDate: FIRST_PRICE_DATE }))).statusCode).toBe(201);
    });

    it.each([
      [{ amount: '0' }, 'amount', 'Indique un importe mayor que cero, con dos decimales como máximo (por ejemplo, 150.00)'],
      [{ amount: '-10.00' }, 'amount', 'Indique un importe mayor que cero, con dos decimales como máximo (por ejemplo, 150.00)'],
      [{ amount: '10.001' }, 'amount', 'Indique un importe mayor que cero, con dos decimales como máximo (por ejemplo, 150.00)'],
      [{ amount: '1,50' }, 'amount', 'Indique un importe mayor que cero, con dos decimales como máximo (por ejemplo, 150.00)'],
      [{ amount: 150 }, 'amount', 'Indique un importe mayor que cero, con dos decimales como máximo (por ejemplo, 150.00)'],
      [{ amount: '10000000.01' }, 'amount', 'El importe no puede superar 10000000.00 €'],
      [{ valueDate: '2019-02-29' }, 'valueDate', 'Indique una fecha válida (AAAA-MM-DD)'],
      [{ valueDate: 'tomorrow' }, 'valueDate', 'La fecha valor no puede ser posterior a hoy'],
      [{ valueDate: '2019-01-15' }, 'valueDate', 'La fecha valor no puede ser anterior a la fecha de alta del contrato'],
      [{ method: 'CASH' }, 'method', 'Elija el medio de pago'],
      [{ reference: '' }, 'reference', 'Indique la referencia de la operación (de 1 a 64 caracteres)'],
      [{ reference: 'x'.repeat(65) }, 'reference', 'Indique la referencia de la operación (de 1 a 64 caracteres)'],
    ])('refuses a bad payment %j with a clear message, and records nothing', async (override, field, message) => {
      const before = await counts();
      const body = payment(override);
      if (body.valueDate === 'tomorrow') body.valueDate = tomorrow();
      const res = await record(h['advisor@kc.example']!, newContract, body);
      expect(res.statusCode).toBe(400);
      const errors = res.json().errors as { field: string; message: string }[];
      expect(errors.some((e) => e.field === field && e.message.startsWith(message)), JSON.stringify(errors)).toBe(true);
      expect(await counts()).toEqual(before);
    });

    it('refuses an archived contract (409) and records nothing', async () => {
      const before = await counts();
      const res = await record(h['admin@kc.example']!, archivedContract, payment());
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('contractNotPayable');
      expect(await counts()).toEqual(before);
    });

    it("refuses the investor, an agent, another client's advisor, another company's contract and unknown ids", async () => {
      const before = await counts();
      expect((await record(h[INVESTOR]!, newContract, payment())).statusCode).toBe(403);
      expect((await record(h['agent@kc.example']!, newContract, payment())).statusCode).toBe(403);
      expect((await record(h['other.advisor']!, newContract, payment())).json().code).toBe('contractNotFound');
      expect((await record(h['admin@kc.example']!, otherCompanyContract, payment())).statusCode).toBe(404);
      expect((await record(h['other.admin']!, newContract, payment())).statusCode).toBe(404);
      expect((await record(h['admin@kc.example']!, 'not-a-uuid', payment())).statusCode).toBe(404);
      expect((await record(h['admin@kc.example']!, '00000000-0000-4000-8000-000000000000', payment())).statusCode).toBe(404);
      expect(await counts()).toEqual(before);
    });
  });

  describe('schedule, payments and holdings', () => {
    it("shows an ACTIVE contract's schedule: seeded items paid, later ones overdue or due", async () => {
      const res = await t.app.inject({ url: `/api/ledger/contracts/${activeContract}/schedule`, headers: h[INVESTOR] });
      expect(res.statusCode).toBe(200);
      const schedule = res.json();
      const contract = await t.db.selectFrom('contracts').selectAll().where('id', '=', activeContract).executeTakeFirstOrThrow();
      expect(schedule.items[0]).toMatchObject({ number: 0, kind: 'INITIAL', dueDate: contract.submission_date, amount: contract.initial_investment, status: 'PAID' });
      const paid = schedule.items.filter((i: { status: string }) => i.status === 'PAID');
      expect(paid.every((i: { dueDate: string }) => i.dueDate <= LAST_PRICE_DATE)).toBe(true);
      const sumPaid = paid.reduce((a: bigint, i: { amount: string }) => a + parseEur(i.amount), 0n);
      expect(schedule.paidIn).toBe(formatEur(sumPaid));
      const now = today();
      for (const item of schedule.items.filter((i: { status: string }) => i.status !== 'PAID')) {
        expect(item.status).toBe(item.dueDate < now ? 'OVERDUE' : 'DUE');
      }
      expect(schedule.items.at(-1).dueDate <= contract.expiring_date).toBe(true);
      expect(parseEur(schedule.overdue) > 0n).toBe(true);
      // The advisor and company staff see it too.
      expect((await t.app.inject({ url: `/api/ledger/contracts/${activeContract}/schedule`, headers: h['advisor@kc.example'] })).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/api/ledger/contracts/${activeContract}/schedule`, headers: h['company.manager@kc.example'] })).statusCode).toBe(200);
    });

    it("refuses another user's, another advisor's and another company's view of a contract (404)", async () => {
      for (const who of [OTHER_INVESTOR, 'other.advisor', 'agent@kc.example', 'other.admin']) {
        for (const what of ['schedule', 'payments']) {
          const res = await t.app.inject({ url: `/api/ledger/contracts/${activeContract}/${what}`, headers: h[who] });
          expect(res.statusCode, `${who} ${what}`).toBe(404);
        }
      }
      expect((await t.app.inject({ url: `/api/ledger/contracts/${otherCompanyContract}/schedule`, headers: h[INVESTOR] })).statusCode).toBe(404);
    });

    it("lists a contract's payments with the price and units each bought", async () => {
      const res = await t.app.inject({ url: `/api/ledger/contracts/${newContract}/payments`, headers: h[INVESTOR] });
      expect(res.statusCode).toBe(200);
      const first = (res.json().payments as { reference: string; price: string; units: string }[]).find((p) => p.reference === 'TR-FIRST')!;
      expect(first.units).toBe(formatUnits(unitsFor(15_000n, parsePrice(first.price)).units));
    });

    it('derives holdings from the lines: units, paid in, and the value at the last published price', async () => {
      const res = await t.app.inject({ url: `/api/ledger/customers/${ids[INVESTOR]}/holdings`, headers: h[INVESTOR] });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const latest = await t.db.selectFrom('kc_prices').select(['price', 'value_date']).where('company_id', '=', '1').orderBy('value_date', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(body.priceDate).toBe(latest.value_date);
      const units = await sql<{ contract_id: string; units: string; paid: string }>`
        SELECT contract_id, sum(amount) FILTER (WHERE account = 'INVESTOR_UNITS')::text AS units, sum(amount) FILTER (WHERE account = 'BANK')::text AS paid
        FROM ledger_lines WHERE user_id = ${ids[INVESTOR]} GROUP BY contract_id`.execute(t.db);
      let total = 0n;
      for (const row of units.rows) {
        const holding = body.holdings.find((x: { contractId: string }) => x.contractId === row.contract_id);
        const u = BigInt(row.units.replace('.', ''));
        expect(holding.units).toBe(formatUnits(u));
        expect(parseEur(holding.paidIn)).toBe(BigInt(row.paid.replace('.', '')) / 10_000n);
        expect(holding.value).toBe(formatEur(valueAt(u, parsePrice(latest.price))));
        total += u;
      }
      expect(body.totals.units).toBe(formatUnits(total));
      expect((await t.app.inject({ url: `/api/ledger/customers/${ids[INVESTOR]}/holdings`, headers: h['advisor@kc.example'] })).statusCode).toBe(200);
      for (const who of [OTHER_INVESTOR, 'other.advisor', 'agent@kc.example', 'other.admin']) {
        expect((await t.app.inject({ url: `/api/ledger/customers/${ids[INVESTOR]}/holdings`, headers: h[who] })).statusCode, who).toBe(404);
      }
    });

    it('answers a customer without contracts with no holdings, zero totals and the last published price; lists contracts newest first', async () => {
      // The advisor's own user has no contract: ADMIN reads it as a customer.
      const res = await t.app.inject({ url: `/api/ledger/customers/${ids['advisor@kc.example']}/holdings`, headers: h['admin@kc.example'] });
      expect(res.statusCode, res.body).toBe(200);
      const latest = await t.db.selectFrom('kc_prices').select(['price', 'value_date']).where('company_id', '=', '1').orderBy('value_date', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(res.json()).toEqual({
        holdings: [],
        totals: { units: '0.000000', paidIn: '0.00', income: '0.00', value: '0.00' },
        price: formatPrice(parsePrice(latest.price)),
        priceDate: latest.value_date,
      });
      const mine = (await t.app.inject({ url: `/api/ledger/customers/${ids[INVESTOR]}/holdings`, headers: h[INVESTOR] })).json();
      const expected = await t.db
        .selectFrom('contracts')
        .select('id')
        .where('user_id', '=', ids[INVESTOR]!)
        .where('state', '<>', 'DELETED')
        .orderBy('submission_date', 'desc')
        .orderBy('id')
        .execute();
      expect(mine.holdings.map((x: { contractId: string }) => x.contractId)).toEqual(expected.map((c) => c.id));
    });
    it("answers the same holdings whether one's own rows came with the session's statement or were read after it", async () => {
      const url = `/api/ledger/customers/${ids[INVESTOR]}/holdings`;
      // Which statements read ledger lines: one per request, the session's own when it was not cached.
      const executor = t.app.db.getExecutor();
      const original = executor.executeQuery.bind(executor);
      const readingLines: string[] = [];
      const counting = vi.spyOn(executor, 'executeQuery').mockImplementation((query, ...rest) => {
        if (query.sql.includes('ledger_lines')) readingLines.push(query.sql.includes('access_tokens') ? 'with the session' : 'on its own');
        return original(query, ...rest);
      });
      let withTheSession, afterTheSession;
      try {
        forgetSessions(t.db); // the next request reads the session, and the investor's rows with it
        withTheSession = await t.app.inject({ url, headers: h[INVESTOR] });
        afterTheSession = await t.app.inject({ url, headers: h[INVESTOR] }); // session cached: rows read on their own
      } finally {
        counting.mockRestore();
      }
      expect(readingLines).toEqual(['with the session', 'on its own']);
      expect(withTheSession.statusCode).toBe(200);
      expect(withTheSession.body).toBe(afterTheSession.body);
      // Staff reading a customer get the customer's rows, never their own that came with their session.
      forgetSessions(t.db);
      const byAdmin = await t.app.inject({ url, headers: h['admin@kc.example'] });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.body).toBe(withTheSession.body);
    });
  });

  describe('reversing entries and the database guards', () => {
    it('reverses a payment: every line negated, the payment marked, holdings and paid-in back; once only', async () => {
      const made = await record(h['advisor@kc.example']!, newContract, payment({ amount: '999.99', reference: 'TR-WRONG' }));
      const journalId = made.json().journalId as string;
      const holdingsBefore = (await t.app.inject({ url: `/api/ledger/customers/${ids[INVESTOR]}/holdings`, headers: h[INVESTOR] })).json();
      const refused = await t.app.inject({ method: 'POST', url: `/api/ledger/journals/${journalId}/reverse`, headers: h['company.manager@kc.example'], payload: { reason: 'Importe equivocado' } });
      expect(refused.statusCode).toBe(403);
      const noReason = await t.app.inject({ method: 'POST', url: `/api/ledger/journals/${journalId}/reverse`, headers: h['admin@kc.example'], payload: { reason: '' } });
      expect(noReason.statusCode).toBe(400);
      const res = await t.app.inject({ method: 'POST', url: `/api/ledger/journals/${journalId}/reverse`, headers: h['admin@kc.example'], payload: { reason: 'Importe equivocado' } });
      expect(res.statusCode).toBe(201);
      const reversal = res.json();
      expect(reversal).toMatchObject({ kind: 'REVERSAL', reversesJournalId: journalId, description: 'Importe equivocado', occurredOn: today() });
      const original = (await t.app.inject({ url: `/api/ledger/journals/${journalId}`, headers: h['admin@kc.example'] })).json();
      expect(reversal.lines.map((l: { account: string; amount: string }) => [l.account, l.amount])).toEqual(
        original.lines.map((l: { account: string; amount: string }) => [l.account, l.amount.startsWith('-') ? l.amount.slice(1) : `-${l.amount}`]),
      );
      const listed = (await t.app.inject({ url: `/api/ledger/contracts/${newContract}/payments`, headers: h[INVESTOR] })).json().payments;
      expect(listed.find((p: { reference: string }) => p.reference === 'TR-WRONG').reversedAt).not.toBeNull();
      const holdingsAfter = (await t.app.inject({ url: `/api/ledger/customers/${ids[INVESTOR]}/holdings`, headers: h[INVESTOR] })).json();
      const h0 = holdingsBefore.holdings.find((x: { contractId: string }) => x.contractId === newContract);
      const h1 = holdingsAfter.holdings.find((x: { contractId: string }) => x.contractId === newContract);
      expect(parseEur(h0.paidIn) - parseEur(h1.paidIn)).toBe(99_999n);
      expect(BigInt(h0.units.replace('.', '')) - BigInt(h1.units.replace('.', ''))).toBe(BigInt(made.json().units.replace('.', '')));
      const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'journal.reverse').executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ entity_type: 'journal', entity_id: journalId, actor_id: ids['admin@kc.example'] });

      const before = await counts();
      const twice = await t.app.inject({ method: 'POST', url: `/api/ledger/journals/${journalId}/reverse`, headers: h['admin@kc.example'], payload: { reason: 'Otra vez' } });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('journalAlreadyReversed');
      const ofReversal = await t.app.inject({ method: 'POST', url: `/api/ledger/journals/${reversal.id}/reverse`, headers: h['admin@kc.example'], payload: { reason: 'Deshacer' } });
      expect(ofReversal.json().code).toBe('journalIsReversal');
      expect(await counts()).toEqual(before);
    });

    it("keeps another company's journals out of reach (404)", async () => {
      await t.app.inject({ method: 'POST', url: '/api/ledger/prices', headers: h['other.admin'], payload: { valueDate: '2019-01-01', price: '5.00', assetReport: 'Other report' } });
      const made = await record(h['other.admin']!, otherCompanyContract, payment({ valueDate: today(), reference: 'TR-SHARED' }));
      expect(made.statusCode).toBe(201);
      const journalId = made.json().journalId;
      expect((await t.app.inject({ url: `/api/ledger/journals/${journalId}`, headers: h['admin@kc.example'] })).statusCode).toBe(404);
      const res = await t.app.inject({ method: 'POST', url: `/api/ledger/journals/${journalId}/reverse`, headers: h['admin@kc.example'], payload: { reason: 'No es mío' } });
      expect(res.statusCode).toBe(404);
      // References are unique per company, not across companies.
      expect((await record(h['advisor@kc.example']!, newContract, payment({ reference: 'TR-SHARED' }))).statusCode).toBe(201);
      expect((await t.app.inject({ url: '/api/ledger/journals/abc', headers: h['admin@kc.example'] })).statusCode).toBe(404);
    });

    it('refuses, in the database itself, changes to the ledger and journals that do not balance', async () => {
      const before = await counts();
      for (const table of ['ledger_lines', 'ledger_journals', 'payments', 'kc_prices']) {
        await expect(sql.raw(`DELETE FROM ${table}`).execute(t.db), table).rejects.toThrow(/append-only/);
        await expect(sql.raw(`TRUNCATE ${table} CASCADE`).execute(t.db), table).rejects.toThrow(/append-only/);
      }
      await expect(sql`UPDATE ledger_lines SET amount = amount * 2`.execute(t.db)).rejects.toThrow(/append-only/);
      await expect(sql`UPDATE ledger_journals SET description = 'x'`.execute(t.db)).rejects.toThrow(/append-only/);
      await expect(sql`UPDATE payments SET amount = 1`.execute(t.db)).rejects.toThrow(/append-only/);
      const journal = (j: string) => sql<{ id: string }>`INSERT INTO ledger_journals (company_id, kind, occurred_on, description) VALUES ('1', 'PAYMENT', '2020-01-01', ${j}) RETURNING id`;
      await expect(
        t.db.transaction().execute(async (tx) => {
          const { id } = (await journal('unbalanced').execute(tx)).rows[0]!;
          await sql`INSERT INTO ledger_lines (journal_id, company_id, account, currency, amount) VALUES (${id}, '1', 'BANK', 'EUR', 10), (${id}, '1', 'FUND_CAPITAL', 'EUR', -9.99)`.execute(tx);
        }),
      ).rejects.toThrow(/does not balance in EUR/);
      await expect(
        t.db.transaction().execute(async (tx) => {
          const { id } = (await journal('units unbalanced').execute(tx)).rows[0]!;
          await sql`INSERT INTO ledger_lines (journal_id, company_id, account, currency, amount, contract_id) VALUES (${id}, '1', 'BANK', 'EUR', 10, NULL), (${id}, '1', 'FUND_CAPITAL', 'EUR', -10, NULL), (${id}, '1', 'INVESTOR_UNITS', 'KCU', 1, ${newContract})`.execute(tx);
        }),
      ).rejects.toThrow(/does not balance in KCU/);
      await expect(journal('no lines').execute(t.db)).rejects.toThrow(/at least two/);
      const existing = await t.db.selectFrom('ledger_journals').select('id').where('company_id', '=', '1').limit(1).executeTakeFirstOrThrow();
      await expect(
        sql`INSERT INTO ledger_lines (journal_id, company_id, account, currency, amount) VALUES (${existing.id}, '1', 'BANK', 'EUR', 5), (${existing.id}, '1', 'ROUNDING', 'EUR', -5)`.execute(t.db),
      ).rejects.toThrow(/closed/);
      await expect(
        t.db.transaction().execute(async (tx) => {
          const { id } = (await journal('cents').execute(tx)).rows[0]!;
          await sql`INSERT INTO ledger_lines (journal_id, company_id, account, currency, amount) VALUES (${id}, '1', 'BANK', 'EUR', 0.001), (${id}, '1', 'ROUNDING', 'EUR', -0.001)`.execute(tx);
        }),
      ).rejects.toThrow(/check constraint/);
      expect(await counts()).toEqual(before);
    });

    it('the check recomputes every balance and finds the whole ledger balanced (ADMIN only)', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/ledger/check', headers: h['admin@kc.example'] });
      expect(res.statusCode).toBe(200);
      const check = res.json();
      expect(check).toMatchObject({ ok: true, unbalancedJournals: [] });
      expect(check.journals).toBe(Number((await t.db.selectFrom('ledger_journals').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', '1').executeTakeFirstOrThrow()).n));
      expect(check.currencyTotals).toEqual([
        { currency: 'EUR', total: '0.00' },
        { currency: 'KCU', total: '0.000000' },
      ]);
      expect(check.unitsHeld).toBe(check.unitsIssued);
      const bank = check.accounts.find((a: { account: string }) => a.account === 'BANK');
      const paid = await sql<{ total: string }>`SELECT coalesce(sum(p.amount), 0)::text AS total FROM payments p WHERE p.company_id = '1' AND NOT EXISTS (SELECT 1 FROM ledger_journals r WHERE r.reverses_journal_id = p.journal_id)`.execute(t.db);
      expect(parseEur(bank.balance)).toBe(parseEur(paid.rows[0]!.total));
      for (const email of ['company.manager@kc.example', 'advisor@kc.example', INVESTOR]) {
        expect((await t.app.inject({ method: 'POST', url: '/api/ledger/check', headers: h[email] })).statusCode, email).toBe(403);
      }
    });

    it('refuses, per statement, lines of a journal of another company, a contract of another owner or company, and a user without a contract', async () => {
      const before = await counts();
      const journal = (company: string) => sql<{ id: string }>`INSERT INTO ledger_journals (company_id, kind, occurred_on, description) VALUES (${company}, 'PAYMENT', '2020-01-01', 'guard') RETURNING id`;
      const owner = await t.db.selectFrom('contracts').select(['user_id', 'company_id']).where('id', '=', newContract).executeTakeFirstOrThrow();
      const someoneElse = await t.db.selectFrom('users').select('id').where('company_id', '=', '1').where('id', '<>', owner.user_id).limit(1).executeTakeFirstOrThrow();
      const lines = (id: string, contract: string | null, user: string | null, company = '1') =>
        sql`INSERT INTO ledger_lines (journal_id, company_id, account, currency, amount, contract_id, user_id) VALUES (${id}, ${company}, 'ROUNDING', 'EUR', 10, ${contract}, ${user}), (${id}, ${company}, 'FUND_CAPITAL', 'EUR', -10, ${contract}, ${user})`;
      // The contract exists, but the line says it belongs to someone else.
      await expect(t.db.transaction().execute(async (tx) => lines((await journal('1').execute(tx)).rows[0]!.id, newContract, someoneElse.id).execute(tx))).rejects.toThrow(/not a contract of its company and user/);
      // The contract does not exist.
      await expect(t.db.transaction().execute(async (tx) => lines((await journal('1').execute(tx)).rows[0]!.id, '00000000-0000-4000-8000-000000000000', null).execute(tx))).rejects.toThrow(/not a contract of its company/);
      // Another company's contract, in a journal of company 1.
      await expect(t.db.transaction().execute(async (tx) => lines((await journal('1').execute(tx)).rows[0]!.id, otherCompanyContract, null).execute(tx))).rejects.toThrow(/not a contract of its company/);
      // A user without the contract the line belongs to.
      await expect(t.db.transaction().execute(async (tx) => lines((await journal('1').execute(tx)).rows[0]!.id, null, owner.user_id).execute(tx))).rejects.toThrow(/names a user only with the contract/);
      // Lines of company 2 in a journal of company 1, and lines of a journal that does not exist.
      await expect(t.db.transaction().execute(async (tx) => lines((await journal('1').execute(tx)).rows[0]!.id, null, null, '2').execute(tx))).rejects.toThrow(/lines of another company/);
      await expect(lines('999999999', null, null).execute(t.db)).rejects.toThrow(/which does not exist/);
      // The owner's own lines pass; then their contract can neither go away nor change hands.
      await t.db.transaction().execute(async (tx) => lines((await journal('1').execute(tx)).rows[0]!.id, newContract, owner.user_id).execute(tx));
      await expect(t.db.deleteFrom('contracts').where('id', '=', newContract).execute()).rejects.toThrow(/has ledger lines/);
      await expect(t.db.updateTable('contracts').set({ user_id: someoneElse.id }).where('id', '=', newContract).execute()).rejects.toThrow(/has ledger lines/);
      const after = await counts();
      expect(after.lines).toBe(before.lines + 2);
      expect(after.journals).toBe(before.journals + 1);
      const check = (await t.app.inject({ method: 'POST', url: '/api/ledger/check', headers: h['admin@kc.example'] })).json();
      expect(check).toMatchObject({ ok: true, misattributedLines: [] });
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { distributionTotals, formatEur, formatPrice, formatUnits, parseEur, parsePrice, parseScaled, valueAt, type TUnitHolding } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { TEST_BASE_YEAR } from './helpers/constants.ts';
import { DEMO_DISTRIBUTION, seedIncome } from '../src/db/seed/income.ts';

const INVESTOR = 'investor@kc.example';
const OTHER_INVESTOR = 'investor@other.example';
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const units6 = (text: string) => parseScaled(text.replace(/(\.\d{6})\d*$/, '$1'), 6)!;

/**
 * Income (issue 15, part income) through the real server: a distribution credited on its record
 * date to the contracts ACTIVE and holding units then, exactly (the rounding remainder to
 * ROUNDING), once per period, mailed, audited; the investor's value over time.
 */
describe.each(DB_KINDS)('income distributions on %s', (kind) => {
  let t: TTestApp;
  const h: Record<string, Record<string, string>> = {};
  let ids: Record<string, string>;
  const c: Record<string, string> = {};

  const count = async (table: 'distributions' | 'ledger_journals' | 'ledger_lines' | 'audit_log' | 'mail_outbox') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({
    distributions: await count('distributions'),
    journals: await count('ledger_journals'),
    lines: await count('ledger_lines'),
    audit: await count('audit_log'),
    mails: await count('mail_outbox'),
  });
  const declare = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/income/distributions', headers, payload: body });
  const preview = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/income/distributions/preview', headers, payload: body });
  const Q1 = { periodFrom: '2021-01-01', periodTo: '2021-03-31', recordDate: '2021-03-31', amountPerUnit: '0.333333', description: 'Rentas del primer trimestre de 2021' };

  /** Units per contract on a date, straight from the lines (the test's own reading of the ledger). */
  const unitsOn = async (date: string, contractIds: string[]): Promise<TUnitHolding[]> => {
    const rows = await sql<{ contract_id: string; user_id: string; units: string }>`
      SELECT l.contract_id, min(l.user_id::text) AS user_id, sum(l.amount)::text AS units FROM ledger_lines l JOIN ledger_journals j ON j.id = l.journal_id
      WHERE l.account = 'INVESTOR_UNITS' AND j.occurred_on <= ${date} AND l.contract_id = ANY(${contractIds}::uuid[]) GROUP BY l.contract_id`.execute(t.db);
    return rows.rows.map((r) => ({ contractId: r.contract_id, userId: r.user_id, units: units6(r.units) }));
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (const email of ['admin@kc.example', 'company.manager@kc.example', 'advisor@kc.example', 'agent@kc.example', INVESTOR, OTHER_INVESTOR]) h[email] = await authHeaders(t.db, email);
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    // A second investor of company 1 with one contract per case of the record-date rule.
    await t.db
      .insertInto('users')
      .values({ company_id: '1', email: 'holder@kc.example', password_hash: 'x', first_name: 'Hugo <Holder>', last_name: 'Test', roles: ['INVESTOR'], confirmed_at: new Date(), country_id: 'ES', language: 'en', advisor_id: ids['advisor@kc.example']! })
      .execute();
    ids['holder@kc.example'] = (await t.db.selectFrom('users').select('id').where('email', '=', 'holder@kc.example').executeTakeFirstOrThrow()).id;
    h['holder@kc.example'] = await authHeaders(t.db, 'holder@kc.example');
    const product = await t.db.selectFrom('products').select('id').where('company_id', '=', '1').where('product_key', '=', 'jubilacion').executeTakeFirstOrThrow();
    const cases: [string, string, [string, string][]][] = [
      // name, state now, events (to_state, at)
      ['active', 'ACTIVE', [['NEW', '2021-01-10T09:00:00Z'], ['ACTIVE', '2021-01-20T09:00:00Z']]],
      ['activatedAfter', 'ACTIVE', [['NEW', '2021-01-10T09:00:00Z'], ['ACTIVE', '2021-04-01T08:00:00Z']]],
      ['new', 'NEW', [['NEW', '2021-01-10T09:00:00Z']]],
      ['standby', 'STANDBY', [['NEW', '2021-01-10T09:00:00Z'], ['ACTIVE', '2021-01-20T09:00:00Z'], ['STANDBY', '2021-02-01T09:00:00Z']]],
      ['paidAfter', 'ACTIVE', [['NEW', '2021-01-10T09:00:00Z'], ['ACTIVE', '2021-01-20T09:00:00Z']]],
      ['unpaid', 'ACTIVE', [['NEW', '2021-01-10T09:00:00Z'], ['ACTIVE', '2021-01-20T09:00:00Z']]],
    ];
    for (const [name, state, events] of cases) {
      const row = await t.db
        .insertInto('contracts')
        .values({ company_id: '1', user_id: ids['holder@kc.example']!, product_id: product.id, product_key: 'jubilacion', state, initial_investment: '1000.00', recurring_amount: '50.00', submission_date: '2021-01-10', expiring_date: '2041-01-10' })
        .returning('id')
        .executeTakeFirstOrThrow();
      c[name] = row.id;
      let from: string | null = null;
      for (const [to, at] of events) {
        await t.db.insertInto('contract_events').values({ contract_id: row.id, from_state: from, to_state: to, at: new Date(at) }).execute();
        from = to;
      }
    }
    const pay = async (contract: string, amount: string, valueDate: string, reference: string) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/ledger/contracts/${contract}/payments`, headers: h['admin@kc.example'], payload: { amount, valueDate, method: 'TRANSFER', reference } });
      expect(res.statusCode, res.body).toBe(201);
    };
    await pay(c['active']!, '1000.00', '2021-02-15', `INC-${kind}-1`);
    await pay(c['active']!, '333.33', '2021-03-31', `INC-${kind}-2`);
    await pay(c['activatedAfter']!, '1000.00', '2021-02-15', `INC-${kind}-3`);
    await pay(c['new']!, '1000.00', '2021-02-15', `INC-${kind}-4`);
    await pay(c['standby']!, '1000.00', '2021-02-15', `INC-${kind}-5`);
    await pay(c['paidAfter']!, '1000.00', '2021-04-10', `INC-${kind}-6`);
  });
  afterAll(async () => t?.close());

  it('seeds one past distribution, so the demo investor has income; seeding again adds nothing', async () => {
    const demo = DEMO_DISTRIBUTION(TEST_BASE_YEAR);
    const list = await t.app.inject({ url: '/api/income/distributions', headers: h['admin@kc.example'] });
    expect(list.statusCode).toBe(200);
    const seeded = list.json().distributions.find((d: { periodFrom: string }) => d.periodFrom === demo.periodFrom);
    expect(seeded).toMatchObject({ periodTo: demo.periodTo, recordDate: demo.recordDate, amountPerUnit: demo.amountPerUnit });
    expect(parseEur(seeded.total)).toBe(parseEur(seeded.credited) + parseEur(seeded.remainder));
    const holdings = (await t.app.inject({ url: `/api/ledger/customers/${ids[INVESTOR]}/holdings`, headers: h[INVESTOR] })).json();
    expect(parseEur(holdings.totals.income)).toBe(parseEur(seeded.credited));
    const before = await counts();
    await seedIncome(t.db, TEST_BASE_YEAR);
    expect(await counts()).toEqual(before);
  });

  it('previews a distribution without recording anything', async () => {
    const before = await counts();
    const res = await preview(h['admin@kc.example']!, Q1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ recordDate: '2021-03-31', amountPerUnit: '0.333333' });
    expect(res.json().contracts).toBeGreaterThan(1);
    expect(await counts()).toEqual(before);
  });

  it('credits exactly the contracts ACTIVE and holding units on the record date, the remainder to ROUNDING, in one journal; mails each investor; audits', async () => {
    // The test's own expectation: every company-1 contract ACTIVE now, minus the one activated after the record date.
    const active = await t.db.selectFrom('contracts').select('id').where('company_id', '=', '1').where('state', '=', 'ACTIVE').execute();
    const eligible = active.map((a) => a.id).filter((id) => id !== c['activatedAfter']);
    const holdings = (await unitsOn('2021-03-31', eligible)).filter((x) => x.units > 0n);
    const expected = distributionTotals(parsePrice(Q1.amountPerUnit), holdings);
    expect(holdings.some((x) => x.contractId === c['active'])).toBe(true);
    const shown = (await preview(h['admin@kc.example']!, Q1)).json();
    expect(shown).toMatchObject({ contracts: expected.contracts, totalUnits: formatUnits(expected.totalUnits), total: formatEur(expected.total), credited: formatEur(expected.credited), remainder: formatEur(expected.remainder) });

    const before = await counts();
    const res = await declare(h['admin@kc.example']!, Q1);
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json();
    expect(d).toMatchObject({ ...Q1, contracts: expected.contracts, total: formatEur(expected.total), credited: formatEur(expected.credited), remainder: formatEur(expected.remainder) });
    const lines = await t.db.selectFrom('ledger_lines').select(['account', 'amount', 'contract_id', 'user_id']).where('journal_id', '=', d.journalId).execute();
    const journal = await t.db.selectFrom('ledger_journals').selectAll().where('id', '=', d.journalId).executeTakeFirstOrThrow();
    expect(journal).toMatchObject({ kind: 'DISTRIBUTION', occurred_on: '2021-03-31', created_by: ids['admin@kc.example'] });
    const payable = lines.filter((l) => l.account === 'INCOME_PAYABLE');
    for (const holding of holdings) {
      const line = payable.find((l) => l.contract_id === holding.contractId);
      const share = valueAt(holding.units, parsePrice(Q1.amountPerUnit));
      if (share === 0n) expect(line).toBeUndefined();
      else expect(-units6(String(line!.amount)) / 10_000n, holding.contractId).toBe(share);
    }
    for (const name of ['activatedAfter', 'new', 'standby', 'paidAfter', 'unpaid']) expect(payable.find((l) => l.contract_id === c[name]), name).toBeUndefined();
    const source = lines.find((l) => l.account === 'INCOME_SOURCE')!;
    expect(units6(String(source.amount)) / 10_000n).toBe(expected.total);
    const rounding = lines.find((l) => l.account === 'ROUNDING');
    expect(rounding ? -units6(String(rounding.amount)) / 10_000n : 0n).toBe(expected.remainder);
    expect(lines.length).toBe(payable.length + 1 + (expected.remainder > 0n ? 1 : 0));
    const investors = new Set(payable.map((l) => l.user_id));
    expect(await counts()).toEqual({ ...before, distributions: before.distributions + 1, journals: before.journals + 1, lines: before.lines + lines.length, audit: before.audit + 1, mails: before.mails + investors.size });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'distribution.declare').where('entity_id', '=', d.id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity_type: 'distribution', actor_id: ids['admin@kc.example'], company_id: '1' });
    expect(audit.after).toMatchObject({ total: d.total, remainder: d.remainder, journalId: d.journalId });

    // The holder's mail, in English, with what their one credited contract received (and the name escaped in HTML).
    await t.app.mailer.drain();
    const share = valueAt(holdings.find((x) => x.contractId === c['active'])!.units, parsePrice(Q1.amountPerUnit));
    const amount = `${formatEur(share).replace('.', ',')}\u00a0€`;
    const mail = t.sentMails.find((m) => m.to === 'holder@kc.example')!;
    expect(mail.subject).toBe(`KC: you received ${amount} from the income distribution`);
    expect(mail.text).toContain('Hello Hugo <Holder>,');
    expect(mail.text).toContain('from 01/01/2021 to 31/03/2021: 0,333333\u00a0€ per KC unit');
    expect(mail.text).toContain(`Your contracts (contracts credited: 1) received ${amount} in total.`);
    expect(mail.html).toContain('Hugo &lt;Holder&gt;');
    const es = t.sentMails.find((m) => m.to === INVESTOR && m.subject.startsWith('KC: ha recibido'))!;
    expect(es.text).toContain('Hola, Inés:');
    // Each mail is its investor's (user_id): their erasure finds it by that (decision 0027).
    const owners = await t.db.selectFrom('mail_outbox').select(['to_address', 'user_id']).where('subject', 'in', [mail.subject, es.subject]).execute();
    expect(owners).toEqual(expect.arrayContaining([{ to_address: 'holder@kc.example', user_id: ids['holder@kc.example'] }, { to_address: INVESTOR, user_id: ids[INVESTOR] }]));
    expect(owners.every((o) => o.user_id === ids[o.to_address])).toBe(true);

    // The holder's income is the share; the check still balances.
    const mine = (await t.app.inject({ url: `/api/ledger/customers/${ids['holder@kc.example']}/holdings`, headers: h['holder@kc.example'] })).json();
    expect(mine.totals.income).toBe(formatEur(share));
    const check = (await t.app.inject({ method: 'POST', url: '/api/ledger/check', headers: h['admin@kc.example'] })).json();
    expect(check).toMatchObject({ ok: true, unbalancedJournals: [] });
  });

  it('refuses the same period twice, and an overlapping one, with a clear 409; nothing recorded', async () => {
    const before = await counts();
    const again = await declare({ ...h['admin@kc.example']!, 'accept-language': 'en' }, Q1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'distributionPeriodTaken', title: 'Period already distributed' });
    expect(again.json().detail).toContain('2021-01-01 to 2021-03-31');
    const overlap = await declare(h['admin@kc.example']!, { ...Q1, periodFrom: '2021-03-01', periodTo: '2021-04-30', recordDate: '2021-04-30' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'distributionPeriodTaken', title: 'Periodo ya repartido' });
    expect(await counts()).toEqual(before);
  });

  it('records one of two identical declarations sent at once', async () => {
    const body = { ...Q1, periodFrom: '2021-04-01', periodTo: '2021-06-30', recordDate: '2021-06-30', amountPerUnit: '0.05' };
    const before = await counts();
    const results = await Promise.all([declare(h['admin@kc.example']!, body), declare(h['admin@kc.example']!, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await counts()).distributions).toBe(before.distributions + 1);
    expect(results.find((r) => r.statusCode === 201)!.json().amountPerUnit).toBe('0.050000');
  });

  it.each([
    [{ amountPerUnit: '0' }, 'amountPerUnit', 'Indique un importe por participación mayor que cero'],
    [{ amountPerUnit: '-0.10' }, 'amountPerUnit', 'Indique un importe por participación mayor que cero'],
    [{ amountPerUnit: '0.1234567' }, 'amountPerUnit', 'Indique un importe por participación mayor que cero'],
    [{ amountPerUnit: '0,10' }, 'amountPerUnit', 'Indique un importe por participación mayor que cero'],
    [{ amountPerUnit: 0.1 }, 'amountPerUnit', 'Indique un importe por participación mayor que cero'],
    [{ amountPerUnit: '1000.000001' }, 'amountPerUnit', 'Indique un importe por participación mayor que cero y no superior a 1000.000000 €'],
    [{ periodFrom: '2021-02-30' }, 'periodFrom', 'Indique la fecha de inicio del periodo (AAAA-MM-DD)'],
    [{ periodTo: '2020-12-31' }, 'periodTo', 'El fin del periodo no puede ser anterior a su inicio'],
    [{ recordDate: '2021-08-31' }, 'recordDate', 'La fecha de registro no puede ser anterior al fin del periodo'],
    [{ recordDate: 'tomorrow' }, 'recordDate', 'La fecha de registro no puede ser posterior a hoy'],
    [{ recordDate: null }, 'recordDate', 'Indique la fecha de registro (AAAA-MM-DD)'],
    [{ description: ' x ' }, 'description', 'Describa el reparto y el informe del que procede (de 3 a 500 caracteres)'],
    [{ description: 'x'.repeat(501) }, 'description', 'Describa el reparto y el informe del que procede (de 3 a 500 caracteres)'],
  ])('refuses a bad declaration %j on its field, and records nothing', async (override, field, message) => {
    const before = await counts();
    const body: Record<string, unknown> = { periodFrom: '2021-07-01', periodTo: '2021-09-30', recordDate: '2021-09-30', amountPerUnit: '0.10', description: 'Rentas del tercer trimestre', ...override };
    if (body['recordDate'] === 'tomorrow') Object.assign(body, { periodTo: '2021-09-30', recordDate: tomorrow() });
    for (const send of [declare, preview]) {
      const res = await send(h['admin@kc.example']!, body);
      expect(res.statusCode).toBe(400);
      const errors = res.json().errors as { field: string; message: string }[];
      expect(errors.some((e) => e.field === field && e.message.startsWith(message)), JSON.stringify(errors)).toBe(true);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a record date when nobody held units, and an amount that credits less than a cent (409), recording nothing', async () => {
    const before = await counts();
    const nobody = await declare(h['admin@kc.example']!, { ...Q1, periodFrom: '2016-01-01', periodTo: '2016-12-31', recordDate: '2016-12-31' });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json()).toMatchObject({ code: 'nothingToDistribute', title: 'Nadie a quien repartir' });
    const tiny = await declare(h['admin@kc.example']!, { ...Q1, periodFrom: '2021-10-01', periodTo: '2021-10-31', recordDate: '2021-10-31', amountPerUnit: '0.000001' });
    expect(tiny.statusCode).toBe(409);
    expect(tiny.json().code).toBe('distributionTooSmall');
    expect(await counts()).toEqual(before);
  });

  it('refuses every role but ADMIN (403), no session (401), and keeps each company to its own contracts', async () => {
    const before = await counts();
    for (const email of ['company.manager@kc.example', 'advisor@kc.example', 'agent@kc.example', INVESTOR]) {
      expect((await declare(h[email]!, { ...Q1, periodFrom: '2022-01-01', periodTo: '2022-01-31', recordDate: '2022-01-31' })).statusCode, email).toBe(403);
      expect((await preview(h[email]!, Q1)).statusCode, email).toBe(403);
      expect((await t.app.inject({ url: '/api/income/distributions', headers: h[email] })).statusCode, email).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/income/distributions', headers: { 'company-id': '1' } })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    // Company 2's ADMIN: company 1's period is free for them, and nobody of theirs holds units yet.
    const otherAdmin = 'admin2@other.example';
    await t.db.insertInto('users').values({ company_id: '2', email: otherAdmin, password_hash: 'x', first_name: 'O', last_name: 'A', roles: ['ADMIN'], confirmed_at: new Date(), country_id: 'ES', language: 'es' }).execute();
    const other = await authHeaders(t.db, otherAdmin);
    expect((await t.app.inject({ url: '/api/income/distributions', headers: other })).json().distributions).toEqual([]);
    const res = await declare(other, Q1);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('nothingToDistribute');
    expect(await counts()).toEqual(before);
  });

  it("gives the investor's value over time at each published price, to the owner, their advisor and staff only", async () => {
    const res = await t.app.inject({ url: `/api/income/customers/${ids['holder@kc.example']}/value-history`, headers: h['holder@kc.example'] });
    expect(res.statusCode).toBe(200);
    const points = res.json().points as { date: string; price: string; units: string; value: string; paidIn: string }[];
    // The holder's first payment is dated 2021-02-15; the last price published is 2020-12-01 (used for 2021 value dates), so no point yet.
    expect(points).toEqual([]);
    const publish = await t.app.inject({ method: 'POST', url: '/api/ledger/prices', headers: h['admin@kc.example'], payload: { valueDate: '2021-05-01', price: '11.000000', assetReport: 'Informe de prueba' } });
    expect(publish.statusCode).toBe(201);
    const after = (await t.app.inject({ url: `/api/income/customers/${ids['holder@kc.example']}/value-history`, headers: h['holder@kc.example'] })).json().points;
    expect(after).toHaveLength(1);
    const perContract = await unitsOn('2021-05-01', [c['active']!, c['activatedAfter']!, c['new']!, c['standby']!, c['paidAfter']!]);
    const held = perContract.reduce((a, x) => a + x.units, 0n);
    const value = perContract.reduce((a, x) => a + valueAt(x.units, 11_000_000n), 0n);
    expect(after[0]).toEqual({ date: '2021-05-01', price: formatPrice(11_000_000n), units: formatUnits(held), value: formatEur(value), paidIn: '5333.33' });
    // The last point is the holdings' own value at the last price (each contract rounded down, then summed).
    const holdings = (await t.app.inject({ url: `/api/ledger/customers/${ids['holder@kc.example']}/holdings`, headers: h['holder@kc.example'] })).json();
    expect(holdings.totals.value).toBe(after[0].value);
    const demo = (await t.app.inject({ url: `/api/income/customers/${ids[INVESTOR]}/value-history`, headers: h['advisor@kc.example'] })).json().points as typeof points;
    expect(demo.length).toBeGreaterThan(3);
    expect(demo.map((p) => p.date)).toEqual([...demo.map((p) => p.date)].sort());
    // Each point's value is at most the units' exact worth and short of it by less than a cent per contract.
    for (const p of demo) {
      const whole = valueAt(units6(p.units), parsePrice(p.price));
      expect(parseEur(p.value) <= whole && whole - parseEur(p.value) < 10n, p.date).toBe(true);
    }
    for (const who of [OTHER_INVESTOR, 'agent@kc.example', 'holder@kc.example']) {
      expect((await t.app.inject({ url: `/api/income/customers/${ids[INVESTOR]}/value-history`, headers: h[who] })).statusCode, who).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/income/customers/not-a-uuid/value-history', headers: h['admin@kc.example'] })).statusCode).toBe(404);
  });
});

// `npm run bench:ledger -w @kc/bench`: issue 15's scale budgets on the machine's PostgreSQL, with
// 1M contracts and 20M ledger lines (too long for CI):
//   1. an investor's holdings (GET /api/ledger/customers/:id/holdings), DISTINCT investors each
//      with a token of their own, 50 connections: p99 ≤ 20 ms; the floor (bare Fastify + one
//      prepared query, distinct users) and a hello-world in the same run;
//   2. a distribution credited to 1M contracts (POST /api/income/distributions): ≤ 60 s;
//   3. a 50,000-line bank statement imported (POST /api/bank-statements/imports): ≤ 30 s;
//   4. the ledger check over the whole data set (POST /api/ledger/check): ≤ 60 s.
//
// Data: kc_bench (bench/dataset.ts: 100k investors, 1M contracts) copied to kc_bench_ledger and
// extended in SQL, set-based: a published price every day since 2018-01-01, every contract made
// ACTIVE, LEDGER_PAYMENTS (5) payments per contract with their journals and 4 lines each (5M
// journals, 20M lines). The bulk load runs with session_replication_role = replica (the ledger's
// guard triggers and foreign keys are skipped for the load only); the ledger check measured below
// then validates the result (every journal balanced, units held = units issued). kc_bench_ledger
// is kept and reused (bench_meta); each run measures on a scratch copy, kc_bench_ledger_run.
// BENCH_ONLY=holdings|distribution|statement|check runs one part; BENCH_SECONDS (10) per load.
import os from 'node:os';
import { contractPaymentReference } from '@kc/domain';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { enrolStaffStatement } from './staff-factor.ts';
import { build, holdsDataSet, line, settleDatabase, timed, withClient, TOTAL_CONTRACTS } from './dataset.ts';
import { CONNECTIONS, fmt, loadVariants, seconds, settle, type TVariant } from './load.ts';
import { startServer } from './server-process.ts';

const LEDGER_DB = 'kc_bench_ledger';
const SCRATCH = 'kc_bench_ledger_run';
const PAYMENTS = Number(process.env['LEDGER_PAYMENTS'] ?? 5);
const DATASET = `ledger v2 payments=${PAYMENTS} lines=4`;
const DISTINCT = Number(process.env['BENCH_DISTINCT'] ?? 20_000);
const STATEMENT_LINES = 50_000;
const only = process.env['BENCH_ONLY'];
const part = (name: string) => !only || only === name;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const loadAvg = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
console.log(`Load average before: ${loadAvg()} (other work on the machine skews the figures)`);

async function ledgerDataSetReady(): Promise<boolean> {
  const exists = await withClient('postgres', async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [LEDGER_DB])).rowCount === 1);
  if (!exists) return false;
  return withClient(LEDGER_DB, async (c) => (await c.query('SELECT value FROM bench_meta WHERE key = $1', ['ledger'])).rows[0]?.value === DATASET);
}

/** Prices, ACTIVE contracts, payments with their journals and lines: set-based, in one session. */
async function buildLedger() {
  console.log(`Building ${LEDGER_DB} (${PAYMENTS} payments per contract, 4 lines each)…`);
  await withClient('postgres', async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${LEDGER_DB} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${LEDGER_DB} TEMPLATE kc_bench`);
  });
  await withClient(LEDGER_DB, async (c) => {
    // Bulk load only: the guard triggers (append-only, balanced journal at commit, lines with
    // their journal) and the foreign keys' triggers are skipped; the check validates the result.
    await c.query('SET session_replication_role = replica');
    await c.query("SET work_mem = '256MB'");
    await c.query("SET maintenance_work_mem = '512MB'");
    // Prices with at most 2 + 6 decimals per unit for any whole-euro amount (8, 10, 12.5, 16, 20,
    // 25 divide 10^6 · 100): units × price = amount exactly, no rounding line.
    await timed('published prices, one a day since 2018-01-01', () =>
      c.query(`INSERT INTO kc_prices (company_id, value_date, price, asset_report)
        SELECT '1', d::date, (ARRAY[8, 10, 12.5, 16, 20, 25])[1 + (d::date - date '2018-01-01') % 6], 'Bench asset report'
        FROM generate_series(date '2018-01-01', current_date, interval '1 day') d
        ON CONFLICT DO NOTHING`),
    );
    await timed('every contract ACTIVE (distribution to 1M contracts)', () =>
      c.query(`UPDATE contracts SET state = 'ACTIVE' WHERE company_id = '1' AND state <> 'ACTIVE'`),
    );
    const base = Number((await c.query('SELECT coalesce(max(id), 0) AS n FROM ledger_journals')).rows[0].n);
    await timed(`${PAYMENTS} payments per contract (temporary table)`, async () => {
      await c.query(`CREATE TEMP TABLE pay AS
        SELECT $1::bigint + (cc.r - 1) * $2 + k + 1 AS jid, cc.id AS contract_id, cc.user_id,
               (cc.submission_date + make_interval(months => k))::date AS value_date,
               (CASE WHEN k = 0 THEN cc.initial_investment ELSE cc.recurring_amount END)::numeric(14,2) AS amount
        FROM (SELECT row_number() OVER (ORDER BY id) AS r, id, user_id, submission_date, initial_investment, recurring_amount
              FROM contracts WHERE company_id = '1') cc
        CROSS JOIN generate_series(0, $2 - 1) k`,
        [base, PAYMENTS]);
      await c.query(`CREATE TEMP TABLE pay2 AS SELECT p.jid, p.contract_id, p.user_id, p.value_date, p.amount, k.price, round(p.amount / k.price, 6) AS units
        FROM pay p JOIN kc_prices k ON k.company_id = '1' AND k.value_date = p.value_date
        WHERE p.amount > 0`); // a demo contract may have no initial or monthly amount
      await c.query('DROP TABLE pay');
    });
    await timed('journals', () =>
      c.query(`INSERT INTO ledger_journals (id, company_id, kind, occurred_on, description, created_at)
        OVERRIDING SYSTEM VALUE SELECT jid, '1', 'PAYMENT', value_date, 'Pago recibido (bench)', value_date FROM pay2 ORDER BY jid`),
    );
    await c.query(`SELECT setval(pg_get_serial_sequence('ledger_journals', 'id'), (SELECT max(id) FROM ledger_journals))`);
    // Secondary indexes built once after the load (faster than maintained row by row).
    await c.query('DROP INDEX ledger_lines_journal, ledger_lines_contract, ledger_lines_company_account');
    await timed('lines (4 per payment)', () =>
      c.query(`INSERT INTO ledger_lines (journal_id, company_id, account, currency, amount, contract_id, user_id)
        SELECT p.jid, '1', a.account, a.currency,
               CASE a.account WHEN 'BANK' THEN p.amount WHEN 'FUND_CAPITAL' THEN -p.amount WHEN 'INVESTOR_UNITS' THEN p.units ELSE -p.units END,
               p.contract_id, p.user_id
        FROM pay2 p CROSS JOIN (VALUES (1, 'BANK', 'EUR'), (2, 'FUND_CAPITAL', 'EUR'), (3, 'INVESTOR_UNITS', 'KCU'), (4, 'KC_UNITS_ISSUED', 'KCU')) a(n, account, currency)
        ORDER BY p.jid, a.n`),
    );
    await timed('ledger_lines indexes', async () => {
      await c.query('CREATE INDEX ledger_lines_journal ON ledger_lines (journal_id)');
      await c.query('CREATE INDEX ledger_lines_contract ON ledger_lines (contract_id, account) INCLUDE (amount) WHERE contract_id IS NOT NULL');
      await c.query('CREATE INDEX ledger_lines_company_account ON ledger_lines (company_id, account)');
    });
    await timed('payments', () =>
      c.query(`INSERT INTO payments (company_id, contract_id, user_id, amount, value_date, method, reference, price, price_date, units, journal_id, recorded_at)
        SELECT '1', contract_id, user_id, amount, value_date, 'TRANSFER', 'BENCH-' || jid, price, value_date, units, jid, value_date FROM pay2`),
    );
    await c.query('RESET session_replication_role');
    // The contracts changed state with their triggers off: their kept dashboard boards (decision 0039) are written again.
    await timed('dashboard boards written again', () => c.query('SELECT kc_rebuild_contract_boards()'));
    await timed('VACUUM ANALYZE', () => c.query('VACUUM ANALYZE kc_prices, contracts, ledger_journals, ledger_lines, payments'));
    await c.query(`INSERT INTO bench_meta VALUES ('ledger', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [DATASET]);
    const counts = await c.query(`SELECT (SELECT count(*) FROM ledger_journals) AS journals, (SELECT count(*) FROM ledger_lines) AS lines, (SELECT count(*) FROM payments) AS payments`);
    console.log(`  ${JSON.stringify(counts.rows[0])}`);
  });
  await settleDatabase();
}

if (!(await holdsDataSet('kc_bench'))) await build('kc_bench', TOTAL_CONTRACTS);
if (!(await ledgerDataSetReady())) await buildLedger();
await timed(`scratch copy ${SCRATCH}`, () =>
  withClient('postgres', async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${SCRATCH} TEMPLATE ${LEDGER_DB}`);
  }),
);

/** Tokens (only their hashes stored) for ADMIN and DISTINCT investors (bench-2 …). */
const prepared = await withClient(SCRATCH, async (c) => {
  const admin = (await c.query(`SELECT id FROM users WHERE email = 'admin@kc.example'`)).rows[0].id as string;
  const users = await c.query<{ id: string }>(
    `SELECT id FROM users WHERE email = ANY(SELECT 'bench-' || n || '@bench.example' FROM generate_series(2, $1::int + 1) n) ORDER BY id`,
    [DISTINCT],
  );
  const ids = [admin, ...users.rows.map((r) => r.id)];
  const enrol = enrolStaffStatement(admin);
  await c.query(enrol.text, enrol.values);
  const tokens = ids.map(() => newToken());
  await c.query(
    `INSERT INTO access_tokens (token_hash, user_id, company_id, client_id, expires_at)
     SELECT h, u, '1', 'kc-mobile', now() + interval '1 day' FROM unnest($1::text[], $2::uuid[]) AS t(h, u)`,
    [tokens.map(hashToken), ids],
  );
  const contracts = await c.query<{ id: string }>(`SELECT id FROM contracts WHERE company_id = '1' AND state = 'ACTIVE' ORDER BY id LIMIT 45000`);
  await c.query('VACUUM ANALYZE access_tokens');
  return { adminToken: tokens[0]!, investors: ids.slice(1).map((id, i) => ({ id, token: tokens[i + 1]! })), contracts: contracts.rows.map((r) => r.id) };
});
await settleDatabase();

const adminHeaders = { authorization: `Bearer ${prepared.adminToken}`, 'company-id': '1' };
const results: string[] = [];
const bare = await startServer(['hello', SCRATCH, prepared.investors[0]!.id]);
const api = await startServer(['api', SCRATCH]);

async function post(label: string, path: string, body: string | Buffer, contentType: string, budgetMs: number) {
  const start = performance.now();
  const res = await fetch(`${api.origin}${path}`, { method: 'POST', headers: { ...adminHeaders, 'content-type': contentType, 'idempotency-key': crypto.randomUUID() }, body });
  const ms = performance.now() - start;
  const text = await res.text();
  line(`  ${label}`, `${res.status} ${(ms / 1000).toFixed(1)} s (budget ${budgetMs / 1000} s)`);
  console.log(`    ${text.slice(0, 300)}`);
  results.push(`${label} ≤ ${budgetMs / 1000} s: ${(ms / 1000).toFixed(1)} s, HTTP ${res.status} → ${verdict(res.ok && ms <= budgetMs)}`);
  return text;
}

try {
  if (part('check')) {
    console.log(`\n— Ledger check over the whole data set —  (load ${loadAvg()})`);
    await post('POST /api/ledger/check', '/api/ledger/check', '{}', 'application/json', 60_000);
  }
  if (part('holdings')) {
    console.log(`\n— Holdings, ${DISTINCT.toLocaleString('en')} distinct investors in turn, ${CONNECTIONS} connections, ${seconds} s each —  (load ${loadAvg()})`);
    const holdings: TVariant[] = prepared.investors.map((i) => ({ path: `/api/ledger/customers/${i.id}/holdings`, headers: { authorization: `Bearer ${i.token}`, 'company-id': '1' } }));
    const floorVariants: TVariant[] = prepared.investors.map((i) => ({ path: `/one-query/${i.id}` }));
    const first = await fetch(`${api.origin}${holdings[0]!.path}`, { headers: holdings[0]!.headers });
    if (!first.ok) throw new Error(`holdings → ${first.status} ${await first.text()}`);
    await loadVariants(bare.origin, floorVariants, { seconds: 3 });
    await loadVariants(api.origin, holdings.slice(-2000), { seconds: 3 });
    const hello = await loadVariants(bare.origin, [{ path: '/' }]);
    line('  bare Fastify hello-world (reference)', fmt(hello));
    const floor = await loadVariants(bare.origin, floorVariants);
    line('  floor: bare Fastify + one prepared query, distinct users', fmt(floor));
    const measured = await loadVariants(api.origin, holdings);
    line('  GET /api/ledger/customers/:id/holdings, distinct investors', fmt(measured));
    results.push(`holdings p99 ≤ 20 ms: ${measured.p99Ms} ms (floor p99 ${floor.p99Ms} ms, ${measured.requestsPerSecond} vs ${floor.requestsPerSecond} req/s) → ${verdict(measured.p99Ms <= 20 && measured.bad === 0)}`);
  }
  if (part('statement')) {
    console.log(`\n— Bank statement, ${STATEMENT_LINES.toLocaleString('en')} lines —  (load ${loadAvg()})`);
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
    const rows = ['Fecha valor;Importe;Referencia;Concepto'];
    for (let i = 0; i < STATEMENT_LINES; i += 1) {
      const amount = `${100 + (i % 900)},${String(i % 100).padStart(2, '0')}`;
      const reference = i % 10 === 9 ? `SIN REFERENCIA ${i}` : contractPaymentReference(prepared.contracts[i % prepared.contracts.length]!);
      rows.push(`${today};${amount};${reference};Transferencia ${i}`);
    }
    const body = Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`, 'utf8');
    await post('bank statement import (first time)', '/api/bank-statements/imports?fileName=bench.csv', body, 'text/csv', 30_000);
    await post('bank statement import (same file again)', '/api/bank-statements/imports?fileName=bench.csv', body, 'text/csv', 30_000);
  }
  if (part('distribution')) {
    console.log(`\n— Distribution to every ACTIVE contract holding units —  (load ${loadAvg()})`);
    const d = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    await post('distribution (first)', '/api/income/distributions', JSON.stringify({ periodFrom: d(120), periodTo: d(91), recordDate: d(90), amountPerUnit: '0.123457', description: 'Rentas y madera (bench)' }), 'application/json', 60_000);
    await post('distribution (second, with the first in the history)', '/api/income/distributions', JSON.stringify({ periodFrom: d(60), periodTo: d(31), recordDate: d(30), amountPerUnit: '0.098765', description: 'Rentas y madera (bench 2)' }), 'application/json', 60_000);
    if (part('check') && !only) await post('POST /api/ledger/check (after the distributions)', '/api/ledger/check', '{}', 'application/json', 60_000);
  }
} finally {
  await settle();
  await Promise.all([bare.close(), api.close()]);
  if (!process.env['BENCH_KEEP']) await withClient('postgres', (c) => c.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`));
}

console.log('\n— Budgets —');
for (const r of results) console.log(r);
console.log(`\nLoad average after: ${loadAvg()}`);

// `npm run bench:contracts -w @kc/bench`: the investor-area budgets of issue 6 on PostgreSQL.
//
// Two databases on 127.0.0.1:5432, built by this script with the app's own migrations and demo
// seed (createRuntime), then bulk-filled in SQL (generate_series):
//   kc_bench_10k  100k investors of company 1, 10k contracts in all (the "heavy" investor's);
//                 rebuilt on every run (a few seconds);
//   kc_bench      the same 100k investors, the same 10k contracts of the heavy investor, and
//                 990k more spread over the other investors (≈10 each): 1M contracts; reused
//                 when it already holds this data set (a marker row in bench_meta).
// The contracts are a function of their series number, so the heavy investor's 10k contracts are
// identical in both databases: the search is the same query over the same rows, and only the
// table around them grows from 10k to 1M.
//
// Load: autocannon in a child process (50 connections, BENCH_SECONDS each, 10 by default)
// against the API and a bare Fastify hello-world, each server in a process of its own
// (server-process.ts), as in production; loopback only.
// BENCH_ONLY=dashboard measures the dashboard part only (no 10k database, no searches).
// The dashboard is measured as deployed, its cache on (docs/decisions/0009-dashboard-cache.md),
// then once more with the cache off (every call reads PostgreSQL), for comparison.
// The machine's cores are shared by the load generator, Node and PostgreSQL.
import os from 'node:os';
import { apiConfig } from './api-config.ts';
import { build, HEAVY_CONTRACTS, HEAVY_EMAIL, holdsDataSet, line, mintToken, TOTAL_CONTRACTS, TYPICAL_EMAIL, withClient } from './dataset.ts';
import { check, CONNECTIONS, fmt, load, seconds, settle, type TLoad } from './load.ts';
import { startServer } from './server-process.ts';


const SEARCHES = [
  { label: 'search, default (newest first, page of 100)', query: '', body: '{}' },
  {
    label: 'search, ACTIVE + date and amount filters, sorted by amount',
    query: 'contractState=ACTIVE&sort=initialInvestment,desc',
    body: JSON.stringify({ submissionDateFrom: '2019-01-01', initialInvestmentMin: 5000 }),
  },
] as const;

/** Load on each fresh server before it is measured (its code is compiled by then). */
const WARM_UP_SECONDS = 3;

/** Rounds per search and database; each round is BENCH_SECONDS / 2 (at least 3 s) long. */
const SEARCH_ROUNDS = Number(process.env['BENCH_SEARCH_ROUNDS'] ?? 3);
const searchSeconds = Math.max(3, Math.round(seconds / 2));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Starts the API on the 10k and the 1M database at once and measures each search of the heavy
 * investor alternately on one and the other, SEARCH_ROUNDS times: both sides see the same
 * machine load, and the figure compared is the median round (req/s and p99 medians taken apart).
 */
async function measureSearches(): Promise<{ at10k: TLoad[]; at1m: TLoad[] }> {
  const sides = [] as { label: string; api: string; close: () => Promise<void>; token: string; userId: string }[];
  for (const [label, database] of [['10k', 'kc_bench_10k'], ['1M', 'kc_bench']] as const) {
    const heavy = await mintToken(database, HEAVY_EMAIL);
    const server = await startServer(['api', database]);
    sides.push({ label, api: server.origin, close: server.close, token: heavy.token, userId: heavy.userId });
  }
  const at10k: TLoad[] = [];
  const at1m: TLoad[] = [];
  try {
    for (const s of SEARCHES) {
      const rounds: TLoad[][] = [[], []];
      let matches = 0;
      for (const [i, side] of sides.entries()) {
        const headers = { authorization: `Bearer ${side.token}`, 'company-id': '1', 'content-type': 'application/json' };
        const url = `${side.api}/api/users/${side.userId}/contracts/search${s.query ? `?${s.query}` : ''}`;
        const first = (await check(url, { method: 'POST', headers, body: s.body })) as { totalElements: number };
        if (i === 0) matches = first.totalElements;
        else if (first.totalElements !== matches) throw new Error(`${s.label}: ${matches} matches at 10k, ${first.totalElements} at 1M`);
      }
      for (const side of sides) {
        const headers = { authorization: `Bearer ${side.token}`, 'company-id': '1', 'content-type': 'application/json' };
        await load(`${side.api}/api/users/${side.userId}/contracts/search${s.query ? `?${s.query}` : ''}`, { method: 'POST', headers, body: s.body, seconds: WARM_UP_SECONDS });
      }
      console.log(`  ${s.label} (${matches} match):`);
      for (let round = 0; round < SEARCH_ROUNDS; round++) {
        for (const [i, side] of sides.entries()) {
          const headers = { authorization: `Bearer ${side.token}`, 'company-id': '1', 'content-type': 'application/json' };
          const url = `${side.api}/api/users/${side.userId}/contracts/search${s.query ? `?${s.query}` : ''}`;
          const r = await load(url, { method: 'POST', headers, body: s.body, seconds: searchSeconds });
          line(`    round ${round + 1}, table at ${side.label}`, fmt(r));
          rounds[i]!.push(r);
        }
      }
      const mid = (rs: TLoad[]): TLoad => ({
        requestsPerSecond: median(rs.map((r) => r.requestsPerSecond)),
        p50Ms: median(rs.map((r) => r.p50Ms)),
        p99Ms: median(rs.map((r) => r.p99Ms)),
        bad: rs.reduce((n, r) => n + r.bad, 0),
      });
      at10k.push(mid(rounds[0]!));
      at1m.push(mid(rounds[1]!));
      line('    median, table at 10k', fmt(at10k.at(-1)!));
      line('    median, table at 1M', fmt(at1m.at(-1)!));
    }
    return { at10k, at1m };
  } finally {
    await settle();
    for (const side of sides) await side.close();
  }
}

// ------------------------------------------------------------------------------------------------

console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
const loadAvg = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`Load average before: ${loadAvg()} (other work on the machine skews the figures)`);
console.log(`Load: autocannon, ${CONNECTIONS} connections, ${seconds} s per figure, loopback; load generator, Node and PostgreSQL share the cores.`);
await withClient('postgres', async (c) => {
  const settings = await c.query(
    "SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name IN ('server_version', 'shared_buffers', 'work_mem', 'max_connections', 'plan_cache_mode', 'jit') ORDER BY name",
  );
  const list = settings.rows.map((r: { name: string; setting: string }) => `${r.name}=${r.setting}`).join(', ');
  console.log(`PostgreSQL: ${list}; API pool ${apiConfig('postgres').DATABASE_POOL_SIZE}\n`);
});

// BENCH_ONLY=dashboard skips the searches (and the 10k database): a quicker loop while tuning.
const searches = process.env['BENCH_ONLY'] !== 'dashboard';
if (searches) await build('kc_bench_10k', HEAVY_CONTRACTS);
if (await holdsDataSet('kc_bench')) {
  console.log('Reusing kc_bench (holds the 1M data set).');
  await withClient('kc_bench', (c) => c.query('VACUUM ANALYZE users, contracts, access_tokens'));
} else await build('kc_bench', TOTAL_CONTRACTS);

let at10k: TLoad[] = [];
let at1m: TLoad[] = [];
if (searches) {
  console.log(`\n— Contract search of the heavy investor (10k contracts), table at 10k and at 1M contracts, ${SEARCH_ROUNDS} alternate rounds of ${searchSeconds} s —`);
  ({ at10k, at1m } = await measureSearches());
  await withClient('postgres', (c) => c.query('DROP DATABASE IF EXISTS kc_bench_10k WITH (FORCE)'));
}

console.log('\n— Dashboard at 1M contracts vs a bare Fastify hello-world, same run —');
const typical = await mintToken('kc_bench', TYPICAL_EMAIL);
const heavy = await mintToken('kc_bench', HEAVY_EMAIL);
// Each server in a process of its own (bench/server-process.ts): the hello-world and the floor,
// the API as deployed (dashboard cache on), and the API with the cache off.
const bare = await startServer(['hello', 'kc_bench', typical.userId]);
const api = await startServer(['api', 'kc_bench']);
const uncached = await startServer(['api', 'kc_bench', 'DASHBOARD_CACHE_MS=0']);
let hello: TLoad, dashboard: TLoad, dashboardHeavy: TLoad;
try {
  const bareUrl = `${bare.origin}/`;
  const dashUrl = `${api.origin}/api/dashboard/NEW`;
  const typicalHeaders = { authorization: `Bearer ${typical.token}`, 'company-id': '1' };
  const heavyHeaders = { authorization: `Bearer ${heavy.token}`, 'company-id': '1' };
  await check(dashUrl, { headers: typicalHeaders });
  await check(dashUrl, { headers: heavyHeaders });
  // A fresh process runs cold code: 3 s of load on each server first (not reported), so that
  // the figures are those of warm servers, as in production.
  await load(bareUrl, { seconds: WARM_UP_SECONDS });
  await load(dashUrl, { headers: typicalHeaders, seconds: WARM_UP_SECONDS });
  await load(`${uncached.origin}/api/dashboard/NEW`, { headers: typicalHeaders, seconds: WARM_UP_SECONDS });
  // Hello-world right before and right after the dashboard: the budget's reference is their
  // mean, and a large gap between them says the machine's load changed during the measurement.
  const helloBefore = await load(bareUrl);
  line('  bare Fastify hello-world (before the dashboard)', fmt(helloBefore));
  dashboard = await load(dashUrl, { headers: typicalHeaders });
  line('  GET /api/dashboard/NEW, typical investor (10 contracts)', fmt(dashboard));
  const helloAfter = await load(bareUrl);
  line('  bare Fastify hello-world (after the dashboard)', fmt(helloAfter));
  hello = { ...helloAfter, requestsPerSecond: Math.round((helloBefore.requestsPerSecond + helloAfter.requestsPerSecond) / 2) };
  const drift = Math.abs(helloBefore.requestsPerSecond - helloAfter.requestsPerSecond) / hello.requestsPerSecond;
  if (drift > 0.2) line('  (!) hello-world moved by', `${(drift * 100).toFixed(0)} %: the load changed during the run; repeat it`);
  line('  bare Fastify + one prepared query (the floor, informative)', fmt(await load(`${bareUrl}one-query`)));
  line('  GET /api/health (the app, no database: its fixed cost)', fmt(await load(`${api.origin}/api/health`)));
  dashboardHeavy = await load(dashUrl, { headers: heavyHeaders });
  line('  GET /api/dashboard/NEW, heavy investor (10k contracts)', fmt(dashboardHeavy));
  // The same calls with the dashboard cache off: every call reads PostgreSQL (what a first
  // visit, or the first one after a change to the investor's contracts, costs).
  const uncachedUrl = `${uncached.origin}/api/dashboard/NEW`;
  line('  same, cache off: typical investor (informative)', fmt(await load(uncachedUrl, { headers: typicalHeaders })));
  line('  same, cache off: heavy investor (informative)', fmt(await load(uncachedUrl, { headers: heavyHeaders })));
} finally {
  await settle();
  await Promise.all([bare.close(), api.close(), uncached.close()]);
}

console.log('\n— Budgets —');
const ratio = dashboard.requestsPerSecond / hello.requestsPerSecond;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
line('dashboard req/s ≥ 25 % of hello-world (mean of before/after)', `${(ratio * 100).toFixed(1)} %  → ${verdict(ratio >= 0.25)}`);
line('dashboard p99 ≤ 10 ms at 50 connections', `${dashboard.p99Ms} ms  → ${verdict(dashboard.p99Ms <= 10)}`);
SEARCHES.forEach((s, i) => {
  if (!searches) return;
  const a = at10k[i]!.p99Ms;
  const b = at1m[i]!.p99Ms;
  const r = b / Math.max(a, 1);
  line(`${s.label}: median p99 1M ÷ 10k`, `${b} ms ÷ ${a} ms = ${r.toFixed(2)}  → ${verdict(r <= 1.5)}`);
});
console.log(`\nLoad average after: ${loadAvg()}`);
console.log('kc_bench is kept for the next run (DROP DATABASE kc_bench to free ≈ 0.5 GB).');

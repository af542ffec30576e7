// `npm run bench:scale -w @kc/bench`: issue 12's load figures, measured as users load the product:
// many distinct investors, each with a token of their own, on PostgreSQL with 100k investors and
// 1M contracts (the data set of bench/contracts.ts, copied to a scratch database for this run).
//
//   1. The dashboard with DISTINCT (20,000) investors in turn, against the floor (a bare Fastify
//      and one prepared query of the same distinct users) and a hello-world, in the same run.
//      Budget: ≥ 50 % of the floor, p99 ≤ 15 ms, 50 connections.
//   2. Login (/oauth/token) with distinct accounts, against the password hash's ceiling (cores ÷
//      the time of one argon2id verification, measured in the same run, before and after the load
//      as the floor is). Budget: ≥ 80 %.
//   3. A soak: the mix login 10 % / dashboard 50 % / search 30 % / hire 10 % at half the rate the
//      mix reaches unthrottled, for BENCH_SOAK_SECONDS (600). Budget: 0 errors, RSS growth < 10 %
//      (from the end of the first minute to the end).
// Every figure is printed, met or missed. BENCH_SECONDS (10) per load figure; BENCH_ONLY=
// dashboard|login|soak runs one part. Loopback only; the load generator, Node and PostgreSQL
// share the machine's cores.
import fs from 'node:fs/promises';
import { APPROPRIATENESS_QUESTIONS, APPROPRIATENESS_VERSION, KEY_INFO_SHEET_VERSION, MAX_SCORE } from '@kc/domain';
import os from 'node:os';
import { hashSecret, verifySecret } from '../apps/api/src/lib/password.ts';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { build, holdsDataSet, line, settleDatabase, withClient, TOTAL_CONTRACTS } from './dataset.ts';
import { CONNECTIONS, fmt, loadVariants, seconds, settle, type TLoad, type TVariant } from './load.ts';
import { startServer } from './server-process.ts';

const DISTINCT = Number(process.env['BENCH_DISTINCT'] ?? 20_000);
const LOGIN_USERS = 5000;
const SOAK_SECONDS = Number(process.env['BENCH_SOAK_SECONDS'] ?? 600);
const SCRATCH = 'kc_bench_scale';
const PASSWORD = 'bench-password-2026';
const only = process.env['BENCH_ONLY'];
const part = (name: string) => !only || only === name;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const today = () => new Date().toISOString().slice(0, 10);
const inYears = (n: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return d.toISOString().slice(0, 10);
};

console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
const loadAvg = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`Load average before: ${loadAvg()} (other work on the machine skews the figures)`);

if (!(await holdsDataSet('kc_bench'))) await build('kc_bench', TOTAL_CONTRACTS);
await withClient('postgres', async (c) => {
  await c.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`);
  await c.query(`CREATE DATABASE ${SCRATCH} TEMPLATE kc_bench`);
});

interface TInvestor {
  id: string;
  token: string;
  preferenceId: string;
}

/** Tokens for DISTINCT investors (bench-2 … ), a payment method each, and LOGIN_USERS accounts with a real password. */
async function prepare(): Promise<{ investors: TInvestor[]; logins: string[]; productId: string }> {
  return withClient(SCRATCH, async (c) => {
    const users = await c.query<{ id: string }>(
      `SELECT id FROM users WHERE email = ANY(SELECT 'bench-' || n || '@bench.example' FROM generate_series(2, $1::int + 1) n) ORDER BY id`,
      [DISTINCT],
    );
    const ids = users.rows.map((r) => r.id);
    const tokens = ids.map(() => newToken());
    await c.query(
      `INSERT INTO access_tokens (token_hash, user_id, company_id, client_id, expires_at)
       SELECT h, u, '1', 'kc-mobile', now() + interval '1 day' FROM unnest($1::text[], $2::uuid[]) AS t(h, u)`,
      [tokens.map(hashToken), ids],
    );
    const preferences = await c.query<{ id: string; user_id: string }>(
      `INSERT INTO payment_preferences (company_id, user_id, kind, iban_last4) SELECT '1', u, 'BANK_TRANSFER', '0001' FROM unnest($1::uuid[]) u RETURNING id, user_id`,
      [ids],
    );
    const preferenceOf = new Map(preferences.rows.map((r) => [r.user_id, r.id]));
    // Investor protection (issue 16): each bench investor has a passed appropriateness test (the
    // domain's answer key), so the measured hire is the real one with its checks.
    await c.query(
      `INSERT INTO appropriateness_assessments (company_id, user_id, taken_by, version, answers, score, max_score, passed, net_worth, yearly_income, commitments, loss_capacity)
       SELECT '1', u, u, $2, $3::jsonb, $4, $4, true, 250000, 40000, 6000, 25000 FROM unnest($1::uuid[]) u`,
      [ids, APPROPRIATENESS_VERSION, JSON.stringify(Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.correct === '*' ? q.options[0]!.id : q.correct]))), MAX_SCORE],
    );
    const hash = await hashSecret(PASSWORD);
    const logins = await c.query<{ email: string }>(
      `UPDATE users SET password_hash = $1 WHERE email = ANY(SELECT 'bench-' || n || '@bench.example' FROM generate_series($2::int + 2, $2::int + 1 + $3::int) n) RETURNING email`,
      [hash, DISTINCT, LOGIN_USERS],
    );
    const product = await c.query<{ id: string }>(`SELECT id FROM products WHERE company_id = '1' AND product_key = 'jubilacion'`);
    await c.query('VACUUM ANALYZE users, access_tokens, payment_preferences');
    return {
      investors: ids.map((id, i) => ({ id, token: tokens[i]!, preferenceId: preferenceOf.get(id)! })),
      logins: logins.rows.map((r) => r.email),
      productId: product.rows[0]!.id,
    };
  });
}

const { investors, logins, productId } = await prepare();
await settleDatabase();
console.log(`Prepared ${SCRATCH}: ${investors.length.toLocaleString('en')} investors with a token each, ${logins.length.toLocaleString('en')} accounts with a password.\n`);

const auth = (i: TInvestor) => ({ authorization: `Bearer ${i.token}`, 'company-id': '1' });
const dashboardVariants: TVariant[] = investors.map((i) => ({ path: '/api/dashboard', headers: auth(i) }));
const floorVariants: TVariant[] = investors.map((i) => ({ path: `/one-query/${i.id}` }));
const loginVariants: TVariant[] = logins.map((email) => ({
  method: 'POST',
  path: '/oauth/token',
  headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ grant_type: 'password', client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', username: email, password: PASSWORD }).toString(),
}));
const searchVariants: TVariant[] = investors.map((i) => ({
  method: 'POST',
  path: `/api/users/${i.id}/contracts/search`,
  headers: { ...auth(i), 'content-type': 'application/json' },
  body: '{}',
}));
const hireVariants: TVariant[] = investors.slice(0, 2000).map((i) => ({
  method: 'POST',
  path: `/api/customers/${i.id}/contracts`,
  headers: { ...auth(i), 'content-type': 'application/json' },
  body: JSON.stringify({
    productType: 'SAVINGS_PLAN',
    productKey: 'jubilacion',
    productId,
    recurringAmount: 150,
    initialAmount: 2500.5,
    submissionDate: today(),
    expiringDate: inYears(20),
    paymentPreferenceId: i.preferenceId,
    keyInfoVersion: KEY_INFO_SHEET_VERSION,
    riskAcknowledged: true,
  }),
  uniqueHeader: 'idempotency-key',
}));

/** Checks a variant answers 2xx before it is measured (a wrong token would measure 401s). */
async function check(origin: string, variant: TVariant) {
  const response = await fetch(`${origin}${variant.path}`, { method: variant.method ?? 'GET', headers: { ...variant.headers, ...(variant.uniqueHeader ? { [variant.uniqueHeader]: crypto.randomUUID() } : {}) }, body: variant.body });
  if (!response.ok) throw new Error(`${variant.method ?? 'GET'} ${variant.path} → ${response.status} ${await response.text()}`);
}

const bare = await startServer(['hello', SCRATCH, investors[0]!.id]);
const api = await startServer(['api', SCRATCH]);
const results: string[] = [];
try {
  for (const v of [dashboardVariants[0]!, loginVariants[0]!, searchVariants[0]!, hireVariants[0]!]) await check(api.origin, v);
  await check(bare.origin, floorVariants[0]!);
  // Warm both servers (cold code is not what production runs).
  await loadVariants(bare.origin, floorVariants, { seconds: 3 });
  await loadVariants(api.origin, dashboardVariants.slice(-2000), { seconds: 3 });

  if (part('dashboard')) {
    console.log(`— Dashboard, ${DISTINCT.toLocaleString('en')} distinct investors in turn, ${CONNECTIONS} connections, ${seconds} s each —`);
    const hello = await loadVariants(bare.origin, [{ path: '/' }]);
    line('  bare Fastify hello-world (reference)', fmt(hello));
    const floorBefore = await loadVariants(bare.origin, floorVariants);
    line('  floor: bare Fastify + one prepared query, distinct users (before)', fmt(floorBefore));
    const dashboard = await loadVariants(api.origin, dashboardVariants);
    line('  GET /api/dashboard, distinct investors', fmt(dashboard));
    const floorAfter = await loadVariants(bare.origin, floorVariants);
    line('  floor (after)', fmt(floorAfter));
    const floor = (floorBefore.requestsPerSecond + floorAfter.requestsPerSecond) / 2;
    const ratio = dashboard.requestsPerSecond / floor;
    line('  (hit/miss of the caches over the run are in the API\'s /api/metrics)', '');
    results.push(`dashboard, ${DISTINCT} distinct investors ≥ 50 % of the floor: ${(ratio * 100).toFixed(1)} % → ${verdict(ratio >= 0.5)}`);
    results.push(`dashboard p99 ≤ 15 ms: ${dashboard.p99Ms} ms → ${verdict(dashboard.p99Ms <= 15)}`);
    if (dashboard.bad) results.push(`dashboard: ${dashboard.bad} errors/non-2xx → MISSED`);
  }

  if (part('login')) {
    console.log(`\n— Login, ${LOGIN_USERS.toLocaleString('en')} distinct accounts —`);
    const stored = await hashSecret(PASSWORD);
    for (let i = 0; i < 5; i += 1) await verifySecret(stored, PASSWORD); // warm
    /** The mean time of one verification, 40 in a row (as the floor, measured before and after the load). */
    const oneHashMs = async () => {
      const samples = 40;
      const started = performance.now();
      for (let i = 0; i < samples; i += 1) await verifySecret(stored, PASSWORD);
      return (performance.now() - started) / samples;
    };
    const before = await oneHashMs();
    line('  one argon2id verification (sequential mean, before)', `${before.toFixed(1)} ms`);
    const login = await loadVariants(api.origin, loginVariants, { connections: 16 });
    line('  POST /oauth/token, distinct accounts (16 connections)', fmt(login));
    await settle();
    const after = await oneHashMs();
    line('  one argon2id verification (sequential mean, after)', `${after.toFixed(1)} ms`);
    const perHashMs = (before + after) / 2;
    const ceiling = (os.cpus().length * 1000) / perHashMs;
    line(`  ceiling: ${os.cpus().length} cores ÷ one verification (mean of both)`, `${Math.round(ceiling)} logins/s`);
    // A reference, not the budget: verifications alone, one per core at a time on every core, with
    // no login around them. On a virtual machine the cores do not always scale (session 28: 1.6×
    // on two), and then even pure hashing stays under the ceiling as the budget defines it.
    const seconds = 4;
    const until = performance.now() + seconds * 1000;
    let verified = 0;
    await Promise.all(
      Array.from({ length: os.cpus().length }, async () => {
        for (; performance.now() < until; verified += 1) await verifySecret(stored, PASSWORD);
      }),
    );
    line(
      `  reference: argon2id alone, ${os.cpus().length} verifications at a time`,
      `${Math.round(verified / seconds)} /s = ${((verified / seconds / ceiling) * 100).toFixed(1)} % of the ceiling`,
    );
    const ratio = login.requestsPerSecond / ceiling;
    results.push(`login ≥ 80 % of the hash ceiling: ${login.requestsPerSecond} ÷ ${Math.round(ceiling)} = ${(ratio * 100).toFixed(1)} % → ${verdict(ratio >= 0.8)}`);
    if (login.bad) results.push(`login: ${login.bad} errors/non-2xx → MISSED`);
  }

  if (part('soak')) {
    const mix: TVariant[] = [];
    for (let i = 0; i < 2000; i += 1) {
      const r = i % 10;
      mix.push(r === 0 ? loginVariants[i % loginVariants.length]! : r === 1 ? hireVariants[i % hireVariants.length]! : r < 5 ? searchVariants[(i * 7) % searchVariants.length]! : dashboardVariants[(i * 13) % dashboardVariants.length]!);
    }
    console.log(`\n— Soak: login 10 % / hire 10 % / search 30 % / dashboard 50 % —`);
    const max = await loadVariants(api.origin, mix);
    line('  the mix, unthrottled (its maximum rate)', fmt(max));
    const rate = Math.max(1, Math.floor(max.requestsPerSecond / 2));
    const rss: Array<{ at: number; kb: number }> = [];
    const readRss = async () => Number(/VmRSS:\s+(\d+)/.exec(await fs.readFile(`/proc/${api.pid}/status`, 'utf8'))?.[1] ?? 0);
    const started = Date.now();
    const sampler = setInterval(() => void readRss().then((kb) => rss.push({ at: Date.now() - started, kb })), 5000);
    let soak: TLoad & { statusCodes: Record<string, number> };
    try {
      soak = await loadVariants(api.origin, mix, { seconds: SOAK_SECONDS, overallRate: rate });
    } finally {
      clearInterval(sampler);
    }
    const end = await readRss();
    const afterMinute = rss.find((s) => s.at >= 60_000)?.kb ?? rss[0]?.kb ?? end;
    const growth = (end - afterMinute) / afterMinute;
    line(`  ${SOAK_SECONDS} s at ${rate} req/s`, `${fmt(soak)}  statuses ${JSON.stringify(soak.statusCodes)}`);
    line('  RSS at 1 min, highest, at the end', `${Math.round(afterMinute / 1024)} MB, ${Math.round(Math.max(...rss.map((s) => s.kb), end) / 1024)} MB, ${Math.round(end / 1024)} MB`);
    results.push(`soak ${SOAK_SECONDS} s at half the maximum (${rate} req/s): ${soak.bad} errors → ${verdict(soak.bad === 0)}`);
    results.push(`soak RSS growth < 10 %: ${(growth * 100).toFixed(1)} % → ${verdict(growth < 0.1)}`);
  }
} finally {
  await settle();
  await Promise.all([bare.close(), api.close()]);
  await withClient('postgres', (c) => c.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`));
}

console.log('\n— Budgets —');
for (const r of results) console.log(r);
console.log(`\nLoad average after: ${loadAvg()}`);

// `npm run bench:users -w @kc/bench`: the user-list search budget of issue 13 on PostgreSQL.
//
// One database on 127.0.0.1:5432, kc_bench_users, built by this script with the app's own
// migrations and demo seed (createRuntime), then bulk-filled in SQL (generate_series) with 100k
// users of company 1: Spanish first and last names (with accents), e-mails, DNI-like numbers,
// roles (mostly INVESTOR), a fifth inactive, creation dates over five years. The search column
// (users.search_text) is filled by the app's trigger, as in production. Reused when it already
// holds this data set (a marker row in bench_meta).
//
// Load: autocannon in a child process (load.ts's loadVariants), 10 connections, BENCH_SECONDS
// each (10 by default), against the API in a process of its own (server-process.ts), as an
// ADMIN: four kinds of search, each many distinct queries in turn; a bare Fastify's hello-world
// and one-query floor in the same run. Budget: p99 ≤ 50 ms.
import { createRuntime } from '../apps/api/src/runtime.ts';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { enrolStaffStatement } from './staff-factor.ts';
import { apiConfig, withClient } from './api-config.ts';
import { startServer } from './server-process.ts';
import { fmt, loadVariants, type TVariant } from './load.ts';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = 10;
const USERS = 100_000;
const DATABASE = 'kc_bench_users';
const DATASET = `v1 users=${USERS}`;
const BUDGET_P99_MS = 50;

function line(label: string, value: string) {
  console.log(`${label.padEnd(64)} ${value}`);
}


async function holdsDataSet(): Promise<boolean> {
  const exists = await withClient('postgres', async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount === 1);
  if (!exists) return false;
  return withClient(DATABASE, async (c) => {
    if (!(await c.query("SELECT to_regclass('public.bench_meta') AS t")).rows[0]?.t) return false;
    return (await c.query('SELECT value FROM bench_meta WHERE key = $1', ['dataset'])).rows[0]?.value === DATASET;
  });
}

const FIRST = ['Lucía', 'Martín', 'Sofía', 'Hugo', 'María', 'Mateo', 'Martina', 'Leo', 'Paula', 'Álvaro', 'Inés', 'Íñigo', 'Nuria', 'Óscar', 'Julia', 'Adrián', 'Ángela', 'Raúl', 'Elena', 'Jesús'];
const LAST = ['García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez', 'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Núñez'];
const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

async function build() {
  await withClient('postgres', async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DATABASE}`);
  });
  const { app } = await createRuntime(apiConfig(DATABASE));
  await app.close();
  await withClient(DATABASE, async (c) => {
    const start = performance.now();
    await c.query(`
      INSERT INTO users (company_id, email, password_hash, first_name, last_name, dni, country_id, roles, is_active, confirmed_at, created_at, last_logon_at)
      SELECT '1',
             'user-' || i || '@bench.example',
             'x',
             (${sqlArray(FIRST)})[1 + i % ${FIRST.length}],
             (${sqlArray(LAST)})[1 + (i / 7) % ${LAST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i / 13) % ${LAST.length}],
             lpad(((i * 7919) % 100000000)::text, 8, '0') || 'TRWAGMYFPDXBNJZSQVHLCKE'::text,
             'ES',
             CASE WHEN i % 50 = 0 THEN ARRAY['ADVISOR'] WHEN i % 97 = 0 THEN ARRAY['AGENT'] ELSE ARRAY['INVESTOR'] END,
             i % 5 <> 0,
             now(),
             now() - ((i % 1826) || ' days')::interval,
             CASE WHEN i % 3 = 0 THEN NULL ELSE now() - ((i % 90) || ' days')::interval END
        FROM generate_series(1, ${USERS}) AS i`);
    // VACUUM too: this machine's PostgreSQL runs with autovacuum off, and the GIN indexes' pending
    // lists (every row inserted after the indexes) are read by every search until a VACUUM.
    await c.query('VACUUM ANALYZE users');
    await c.query('CREATE TABLE bench_meta (key text PRIMARY KEY, value text NOT NULL)');
    await c.query('INSERT INTO bench_meta VALUES ($1, $2)', ['dataset', DATASET]);
    line('  100k users inserted (search column by trigger) and analysed', `${((performance.now() - start) / 1000).toFixed(1)} s`);
  });
}

async function mintAdminToken(): Promise<string> {
  return withClient(DATABASE, async (c) => {
    const admin = await c.query("SELECT id FROM users WHERE company_id = '1' AND email = 'admin@kc.example'");
    const enrol = enrolStaffStatement(admin.rows[0].id);
    await c.query(enrol.text, enrol.values);
    const token = newToken();
    await c.query(
      `INSERT INTO access_tokens (token_hash, user_id, company_id, client_id, expires_at) VALUES ($1, $2, '1', 'kc-mobile', now() + interval '1 day')`,
      [hashToken(token), admin.rows[0].id],
    );
    return token;
  });
}

const fold = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * Four kinds of search, each a set of distinct queries asked in turn (an operator searches for
 * many different people, not for the same one again and again). The counts printed are of the
 * first query of each kind.
 */
function searches(): { label: string; queries: string[] }[] {
  const roles = ['INVESTOR', 'ADVISOR', 'AGENT'];
  const common = LAST.map((name) => fold(name).slice(0, 4)).filter((f, i, all) => all.indexOf(f) === i);
  const rare: string[] = [];
  for (let i = 0; i < 500; i++) rare.push(`user-${1000 + ((i * 7919) % 9000)}`);
  return [
    {
      label: 'common surname fragment (garc, rodr, …) + role, page of 20',
      queries: common.flatMap((f) => roles.map((r) => `q=${encodeURIComponent(f)}&role=${r}&size=20`)),
    },
    {
      label: 'whole accented surname (núñez, …) + active, page of 20',
      queries: LAST.flatMap((name) => ['true', 'false'].map((a) => `q=${encodeURIComponent(name.toLowerCase())}&active=${a}&size=20`)),
    },
    { label: 'e-mail fragment (user-NNNN) + active=true, page of 20', queries: rare.map((f) => `q=${f}&active=true&size=20`) },
    {
      label: 'no search, a role, sorted by last name, pages 1–5 of 20',
      queries: ['ADVISOR', 'AGENT'].flatMap((r) => ['asc', 'desc'].flatMap((d) => [0, 1, 2, 3, 4].map((p) => `role=${r}&sort=lastName,${d}&page=${p}&size=20`))),
    },
  ];
}

console.log(`User search on PostgreSQL, ${USERS.toLocaleString('en')} users; ${CONNECTIONS} connections, ${seconds} s each, loopback, distinct queries in turn.`);
if (await holdsDataSet()) line('kc_bench_users', 'reused');
else await build();
const token = await mintAdminToken();
const headers = { authorization: `Bearer ${token}`, 'company-id': '1' };
const anyUser = await withClient(DATABASE, async (c) => (await c.query("SELECT id FROM users WHERE email = 'user-4242@bench.example'")).rows[0].id as string);
const bare = await startServer(['hello', DATABASE, anyUser]);
const server = await startServer(['api', DATABASE]);
try {
  // The references, in the same run: a bare Fastify's hello-world and its one-query floor.
  line('  bare Fastify hello-world (reference)', fmt(await loadVariants(bare.origin, [{ path: '/' }], { connections: CONNECTIONS })));
  line('  bare Fastify, one prepared query (floor)', fmt(await loadVariants(bare.origin, [{ path: '/one-query' }], { connections: CONNECTIONS })));
  for (const search of searches()) {
    const variants: TVariant[] = search.queries.map((q) => ({ path: `/api/users?${q}`, headers }));
    const first = await fetch(`${server.origin}${variants[0]!.path}`, { headers });
    if (!first.ok) throw new Error(`${variants[0]!.path} → ${first.status} ${await first.text()}`);
    const answer = (await first.json()) as { totalElements: number; totalCapped: boolean };
    const shown = `${answer.totalCapped ? 'more than ' : ''}${answer.totalElements.toLocaleString('en')}`;
    await loadVariants(server.origin, variants, { seconds: 2, connections: CONNECTIONS }); // warm-up
    const r = await loadVariants(server.origin, variants, { connections: CONNECTIONS });
    const verdict = r.p99Ms <= BUDGET_P99_MS && r.bad === 0 ? 'met' : 'MISSED';
    line(`${search.label} (${search.queries.length} queries; first: ${shown} matches)`, `${fmt(r)}  ${verdict}`);
  }
} finally {
  await server.close();
  await bare.close();
}

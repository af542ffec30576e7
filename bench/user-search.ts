// `npm run bench:users -w @kc/bench`: the user-list search budget of issue 13 on PostgreSQL.
//
// One database on 127.0.0.1:5432, kc_bench_users, built by this script with the app's own
// migrations and demo seed (createRuntime), then bulk-filled in SQL (generate_series) with 100k
// users of company 1: Spanish first and last names (with accents), e-mails, DNI-like numbers,
// roles (mostly INVESTOR), a fifth inactive, creation dates over five years. The search column
// (users.search_text) is filled by the app's trigger, as in production. Reused when it already
// holds this data set (a marker row in bench_meta).
//
// Load: autocannon in a child process, 10 connections, BENCH_SECONDS each (10 by default),
// against the API in a process of its own (server-process.ts), as an ADMIN: a name fragment,
// one filter, a page of 20. Budget: p99 ≤ 50 ms.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import pg from 'pg';
import { createRuntime } from '../apps/api/src/runtime.ts';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { apiConfig, urlOf } from './api-config.ts';
import { startServer } from './server-process.ts';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = 10;
const USERS = 100_000;
const DATABASE = 'kc_bench_users';
const DATASET = `v1 users=${USERS}`;
const BUDGET_P99_MS = 50;

function line(label: string, value: string) {
  console.log(`${label.padEnd(64)} ${value}`);
}

async function withClient<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
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
    await c.query('ANALYZE users');
    await c.query('CREATE TABLE bench_meta (key text PRIMARY KEY, value text NOT NULL)');
    await c.query('INSERT INTO bench_meta VALUES ($1, $2)', ['dataset', DATASET]);
    line('  100k users inserted (search column by trigger) and analysed', `${((performance.now() - start) / 1000).toFixed(1)} s`);
  });
}

async function mintAdminToken(): Promise<string> {
  return withClient(DATABASE, async (c) => {
    const admin = await c.query("SELECT id FROM users WHERE company_id = '1' AND email = 'admin@kc.example'");
    const token = newToken();
    await c.query(
      `INSERT INTO access_tokens (token_hash, user_id, company_id, client_id, expires_at) VALUES ($1, $2, '1', 'kc-mobile', now() + interval '1 day')`,
      [hashToken(token), admin.rows[0].id],
    );
    return token;
  });
}

interface TLoad {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  bad: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

function load(url: string, headers: Record<string, string>, duration = seconds): Promise<TLoad> {
  const args = [autocannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(duration)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => {
      try {
        const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number; timeouts: number };
        resolve({ requestsPerSecond: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, bad: r.errors + r.non2xx + r.timeouts });
      } catch {
        reject(new Error(`autocannon failed (exit ${code}): ${err.slice(0, 500)}`));
      }
    });
  });
}

const SEARCHES = [
  { label: "name fragment 'garc' + role=INVESTOR, page of 20", query: 'q=garc&role=INVESTOR&size=20' },
  { label: "name fragment 'núñez' + active=true, page of 20", query: 'q=n%C3%BA%C3%B1ez&active=true&size=20' },
  { label: "e-mail fragment 'user-4242' + active=true, page of 20", query: 'q=user-4242&active=true&size=20' },
  { label: 'no search, role=ADVISOR, sorted by last name, page of 20', query: 'role=ADVISOR&sort=lastName,asc&size=20' },
] as const;

console.log(`User search on PostgreSQL, ${USERS.toLocaleString('en')} users; autocannon ${CONNECTIONS} connections, ${seconds} s each, loopback.`);
if (await holdsDataSet()) line('kc_bench_users', 'reused');
else await build();
const token = await mintAdminToken();
const headers = { authorization: `Bearer ${token}`, 'company-id': '1' };
const server = await startServer(['api', DATABASE]);
try {
  for (const search of SEARCHES) {
    const url = `${server.origin}/api/users?${search.query}`;
    const first = await fetch(url, { headers });
    if (!first.ok) throw new Error(`${url} → ${first.status} ${await first.text()}`);
    const total = ((await first.json()) as { totalElements: number }).totalElements;
    await load(url, headers, 2); // warm-up
    const r = await load(url, headers);
    const verdict = r.p99Ms <= BUDGET_P99_MS ? 'met' : 'MISSED';
    line(`${search.label} (${total} matches)`, `${r.requestsPerSecond} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  ${verdict}${r.bad ? `  (${r.bad} bad!)` : ''}`);
  }
} finally {
  await server.close();
}

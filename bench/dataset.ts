// The 1M-contract data set of the benchmarks (bench/contracts.ts, bench/scale.ts) on the
// machine's PostgreSQL: built with the app's own migrations and demo seed, then bulk-filled in SQL.
import { createHash } from 'node:crypto';
import { createRuntime } from '../apps/api/src/runtime.ts';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { migrations } from '../apps/api/src/db/migrations/index.ts';
import { apiConfig, withClient } from './api-config.ts';

export { withClient };

export const USERS = 100_000;
export const HEAVY_CONTRACTS = 10_000;
export const TOTAL_CONTRACTS = 1_000_000;
/**
 * What a data set was built from, the app's migrations included (a digest of all their names:
 * migrations land unordered, so the last one by number need not be the new one). A migration that
 * changes how rows are stored (0041: the kept answers out of TOAST), applied to a copy just before
 * the measure, would leave a table of dead rows and a vacuum running through it, so a new
 * migration builds the data set again instead.
 */
const MIGRATIONS = createHash('sha256').update(Object.keys(migrations).sort().join('\n')).digest('hex').slice(0, 12);
const DATASET = `v2 users=${USERS} heavy=${HEAVY_CONTRACTS} total=${TOTAL_CONTRACTS} migrations=${MIGRATIONS}`;
export const HEAVY_EMAIL = 'bench-1@bench.example';
export const TYPICAL_EMAIL = 'bench-2@bench.example';


export function line(label: string, value: string) {
  console.log(`${label.padEnd(58)} ${value}`);
}

export async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  line(`  ${label}`, `${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}


export async function holdsDataSet(database: string): Promise<boolean> {
  const exists = await withClient('postgres', async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount === 1);
  if (!exists) return false;
  return withClient(database, async (c) => {
    const table = await c.query("SELECT to_regclass('public.bench_meta') AS t");
    if (!table.rows[0]?.t) return false;
    const row = await c.query('SELECT value FROM bench_meta WHERE key = $1', ['dataset']);
    return row.rows[0]?.value === DATASET;
  });
}

async function recreate(database: string) {
  await withClient('postgres', async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${database}`);
  });
}

/** Contract columns as a function of the series number `i` (products: temp table `p(n, id, key)`). */
const CONTRACT_COLUMNS = `
  '1', u.id, p.id, p.product_key,
  (ARRAY['NEW','ACTIVE','STANDBY','ARCHIVED','DELETED'])[1 + i % 5],
  1000 + (i::bigint * 7919) % 99000, 50 + (i::bigint * 104729) % 950,
  date '2018-01-01' + (i * 37) % 2900, date '2018-01-01' + (i * 37) % 2900 + 3650,
  'M1'`;
const CONTRACT_INSERT = `INSERT INTO contracts (company_id, user_id, product_id, product_key, state, initial_investment,
  recurring_amount, submission_date, expiring_date, contract_period_type)`;

/** Migrates and seeds through the app, then bulk-loads users and the heavy investor's contracts (and, for 1M, the rest). */
export async function build(database: string, total: number) {
  console.log(`Building ${database} (${USERS.toLocaleString('en')} investors, ${total.toLocaleString('en')} contracts)…`);
  await recreate(database);
  const { app } = await timed('migrations and demo seed (createRuntime)', () => createRuntime(apiConfig(database)));
  await app.close();
  await withClient(database, async (c) => {
    await timed(`${USERS.toLocaleString('en')} investors`, () =>
      c.query(
        `INSERT INTO users (company_id, email, password_hash, first_name, last_name, roles, confirmed_at, country_id)
         SELECT '1', 'bench-' || n || '@bench.example', '!bench: no password', 'Bench', 'Investor ' || n, '{INVESTOR}', now(), 'ES'
         FROM generate_series(1, $1::int) n`,
        [USERS],
      ),
    );
    await c.query(`CREATE TEMP TABLE u AS
      SELECT split_part(split_part(email, '@', 1), '-', 2)::int AS n, id FROM users WHERE email LIKE 'bench-%@bench.example'`);
    await c.query('ALTER TABLE u ADD PRIMARY KEY (n)');
    await c.query(`CREATE TEMP TABLE p AS
      SELECT (row_number() OVER (ORDER BY product_key) - 1)::int AS n, id, product_key FROM products WHERE company_id = '1'`);
    const products = Number((await c.query('SELECT count(*) AS n FROM p')).rows[0].n);
    if (products === 0) throw new Error('the demo seed created no products for company 1');
    await timed(`${HEAVY_CONTRACTS.toLocaleString('en')} contracts of the heavy investor`, () =>
      c.query(
        `${CONTRACT_INSERT} SELECT ${CONTRACT_COLUMNS}
         FROM generate_series(1, $1::int) i JOIN u ON u.n = 1 JOIN p ON p.n = i % $2`,
        [HEAVY_CONTRACTS, products],
      ),
    );
    const rest = total - HEAVY_CONTRACTS;
    if (rest > 0) {
      // Investors 2…USERS, about ten each (investor 2, "typical", has 10).
      await timed(`${rest.toLocaleString('en')} contracts over the other investors`, () =>
        c.query(
          `${CONTRACT_INSERT} SELECT ${CONTRACT_COLUMNS}
           FROM generate_series($1::int + 1, $1::int + $2::int) i JOIN u ON u.n = 2 + (i % ($3::int - 1)) JOIN p ON p.n = i % $4`,
          [HEAVY_CONTRACTS, rest, USERS, products],
        ),
      );
    }
    // Steady state of a live database (autovacuum would get there): statistics and visibility map,
    // also of the boards the contracts' triggers wrote (without statistics the planner reads one
    // board by its key through a bitmap scan).
    await timed('VACUUM ANALYZE', () => c.query('VACUUM ANALYZE users, contracts, access_tokens, contract_boards'));
    await c.query('CREATE TABLE bench_meta (key text PRIMARY KEY, value text NOT NULL)');
    await c.query('INSERT INTO bench_meta VALUES ($1, $2)', ['dataset', total === TOTAL_CONTRACTS ? DATASET : `small ${total}`]);
  });
  await settleDatabase();
}

/**
 * After a bulk load, PostgreSQL still writes out dirty pages and autovacuum works through the
 * new rows for a while, on the same two cores the measurement uses: wait for both, so that the
 * figures are those of a database at rest (runs right after a build were 2–5 ms worse at p99).
 */
export async function settleDatabase() {
  await timed('CHECKPOINT and autovacuum at rest', () =>
    withClient('postgres', async (c) => {
      await c.query('CHECKPOINT');
      for (let waited = 0; waited < 120_000; waited += 1000) {
        const busy = await c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'");
        if (busy.rows[0].n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }),
  );
}

/** A fresh access token for an investor (only its hash is stored, as the app does). */
export async function mintToken(database: string, email: string): Promise<{ token: string; userId: string }> {
  return withClient(database, async (c) => {
    const user = await c.query('SELECT id FROM users WHERE company_id = $1 AND email = $2', ['1', email]);
    const userId = user.rows[0]?.id as string | undefined;
    if (!userId) throw new Error(`no user ${email}`);
    const token = newToken();
    await c.query(
      `INSERT INTO access_tokens (token_hash, user_id, company_id, client_id, expires_at) VALUES ($1, $2, '1', 'kc-mobile', now() + interval '1 day')`,
      [hashToken(token), userId],
    );
    return { token, userId };
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEVELOPMENT_SECOND_FACTOR_KEY } from '../../src/config.ts';
import { sealSecret } from '../../src/lib/secret-box.ts';
import { hashToken, newToken } from '../../src/lib/tokens.ts';
import { registration } from '../helpers/accounts.ts';
import { TEST_TOTP_SECRET } from '../helpers/auth.ts';
import { createTestDatabase, startServerProcess, stopServerProcess, type TServerProcess } from '../helpers/server-process.ts';
import { bearer, COMPANY, loginAt } from './helpers.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];

/** The server's limits here: short, so that each case takes seconds (the defaults are 10 s and 5 s). */
const STATEMENT_TIMEOUT_MS = 1500;
const LOCK_TIMEOUT_MS = 1000;
const POOL_SIZE = 4;
/** What a request waiting for a lock may take at most: the lock timeout and the rest of its work. */
const BUSY_BOUND_MS = LOCK_TIMEOUT_MS + 2000;

/**
 * The API as deployed (its own process, on PostgreSQL) when the database is up but will not serve:
 * it refuses new connections (maintenance), or a table is locked by another session. Every
 * request answers a 503 problem with Retry-After within a bound instead of a 500 or a hang,
 * readiness says so, and all recovers by itself.
 */
describe.runIf(ADMIN_URL)('a database that refuses or is busy (a server process on PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: TServerProcess;
  const admin = new pg.Client({ connectionString: ADMIN_URL });

  beforeAll(async () => {
    database = await createTestDatabase(ADMIN_URL!);
    server = await startServerProcess({
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DATABASE_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS),
      // Every call reads the database (no cached session or dashboard); no worker takes a connection.
      SESSION_CACHE_MS: '0',
      DASHBOARD_CACHE_MS: '0',
      MAIL_POLL_MS: '0',
      LEADS_JOB_POLL_MS: '0',
      JOBS_JOB_POLL_MS: '0',
      PRIVACY_JOB_POLL_MS: '0',
      MARKET_JOB_POLL_MS: '0',
    });
    await admin.connect();
  }, 90_000);
  afterAll(async () => {
    if (process.env['FAULTS_DEBUG']) console.warn(server?.output.slice(-30).join('\n'));
    await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`).catch(() => {});
    await stopServerProcess(server);
    await admin.end();
    await database?.drop();
  });

  const get = (url: string, headers: Record<string, string> = COMPANY) =>
    fetch(`${server.origin}${url}`, { headers: { ...headers, 'accept-language': 'en' }, signal: AbortSignal.timeout(15_000) });
  const status = async (url: string, headers: Record<string, string> = COMPANY) => (await get(url, headers)).status;
  const login = (username = 'investor@kc.example') =>
    fetch(`${server.origin}/oauth/token`, {
      method: 'POST',
      headers: { ...COMPANY, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', username, password: 'demo-password-2026' }),
      signal: AbortSignal.timeout(15_000),
    });
  const signUp = (email: string) =>
    fetch(`${server.origin}/api/users/register-inversor`, {
      method: 'POST',
      headers: { ...COMPANY, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(registration({ email })),
      signal: AbortSignal.timeout(15_000),
    });
  type TRetryCode = 'unavailable' | 'databaseBusy';
  /** A 503 problem in English that says to come back in 5 s, with the given code (or one of them). */
  const expectRetryLater = async (response: Response, expected: TRetryCode | readonly TRetryCode[], what: string) => {
    const text = await response.text();
    expect(response.status, `${what}: ${text}`).toBe(503);
    expect(response.headers.get('retry-after'), what).toBe('5');
    expect(response.headers.get('content-type'), what).toMatch(/application\/problem\+json/);
    const problem = JSON.parse(text) as Record<string, unknown>;
    const codes: readonly TRetryCode[] = typeof expected === 'string' ? [expected] : expected;
    expect(codes, what).toContain(problem['code']);
    const code = problem['code'] as TRetryCode;
    expect(problem, what).toMatchObject({ status: 503, code, title: code === 'unavailable' ? 'Service unavailable' : 'Service busy' });
    expect(text, what).not.toMatch(/SQLSTATE|55000|55P03|57014|accepting connections|lock timeout|stack/i);
  };
  /** The same for the token endpoint, which answers as RFC 6749 says (never problem details). */
  const expectLoginRetryLater = async (response: Response) => {
    const text = await response.text();
    expect(response.status, `login: ${text}`).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(text)).toEqual({ error: 'temporarily_unavailable', error_description: 'The database is not available.' });
  };
  /**
   * A staff member's token with an enrolled second factor, proved now (what a login with the
   * second factor gives), written into the test's database as the API's own tests do.
   */
  const staffToken = async (email: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; company_id: string }>('SELECT id, company_id FROM users WHERE email = $1', [email]);
      const { id, company_id: companyId } = rows[0]!;
      const sealed = sealSecret(Buffer.from(DEVELOPMENT_SECOND_FACTOR_KEY, 'hex'), TEST_TOTP_SECRET, id);
      await client.query('INSERT INTO user_totp (user_id, company_id, secret_encrypted, enrolled_at) VALUES ($1, $2, $3, now()) ON CONFLICT (user_id) DO NOTHING', [id, companyId, sealed]);
      const token = newToken();
      await client.query(
        `INSERT INTO access_tokens (token_hash, user_id, company_id, client_id, expires_at, second_factor_at) VALUES ($1, $2, $3, 'kc-mobile', now() + interval '1 hour', now())`,
        [hashToken(token), id, companyId],
      );
      return token;
    } finally {
      await client.end();
    }
  };
  /** A session of its own on the test's database that holds a lock until `release`. */
  const lockTable = async (table: string) => {
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    return {
      release: async () => {
        await locker.query('COMMIT');
        await locker.end();
      },
    };
  };

  it('answers 503 with Retry-After on every route while PostgreSQL refuses connections (ALLOW_CONNECTIONS false), and recovers', async () => {
    const token = await loginAt(server.origin);
    expect(await status('/api/ready')).toBe(200);
    await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`);
    try {
      // The pool's connections end; every new one is refused with SQLSTATE 55000.
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database.name]);
      await expect.poll(() => status('/api/ready'), { timeout: 5000, interval: 200 }).toBe(503);
      await expectRetryLater(await get('/api/ready'), 'unavailable', 'readiness');
      await expectLoginRetryLater(await login());
      await expectRetryLater(await get('/api/dashboard', bearer(token)), 'unavailable', 'dashboard');
      await expectRetryLater(await get('/api/products'), 'unavailable', 'a public GET');
      await expectRetryLater(await signUp(`refused.${Date.now()}@example.com`), 'unavailable', 'a POST');
      expect(await status('/api/health')).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
    }
    await expect.poll(() => status('/api/ready'), { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await login()).status).toBe(200);
    expect(await status('/api/dashboard', bearer(token))).toBe(200);
    expect(await status('/api/products')).toBe(200);
    const created = await signUp(`after.refusal.${Date.now()}@example.com`);
    expect(created.status, await created.clone().text()).toBe(201);
    expect(server.isAlive()).toBe(true);
  }, 30_000);

  it('answers 503 within the lock timeout for a locked table, serves the rest, says not ready while waiters fill the pool, and recovers', async () => {
    const token = await loginAt(server.origin);
    // The board's second page is read from the contracts every time (the first is kept apart).
    const board = '/api/dashboard?page=1';
    expect(await status(board, bearer(token))).toBe(200);
    const lock = await lockTable('contracts');
    let released = false;
    try {
      // A request that reads the locked table gives up after the lock timeout (before: it waited
      // for as long as the lock was held).
      const started = Date.now();
      const blocked = await get(board, bearer(token));
      const elapsed = Date.now() - started;
      await expectRetryLater(blocked, 'databaseBusy', `the dashboard after ${elapsed} ms`);
      expect(elapsed, `answered after ${elapsed} ms`).toBeLessThan(BUSY_BOUND_MS);
      // What does not read it still answers, and so does readiness while the pool has room.
      expect(await status('/api/products')).toBe(200);
      expect(await status('/api/users/me', bearer(token))).toBe(200);
      expect(await status('/api/ready')).toBe(200);
      // Five waiters per connection: the pool is busy for about five lock timeouts, and a probe
      // queued behind them waits about four for a connection, twice its 2 s (with three, it got one
      // just under 2 s on a quiet machine).
      const waiters = Array.from({ length: POOL_SIZE * 5 }, () => get(board, bearer(token)));
      // Readiness notices while they hold the pool: a probe answers 503 within its 2 s (polled, as a
      // load balancer does, since where a probe lands in the pool's queue is a matter of timing).
      let notReady: Response | undefined;
      await expect
        .poll(
          async () => {
            const probeStarted = Date.now();
            const probe = await get('/api/ready');
            expect(Date.now() - probeStarted).toBeLessThan(3000);
            if (probe.status === 503) notReady = probe;
            else await probe.text();
            return probe.status;
          },
          { timeout: 4000, interval: 100 },
        )
        .toBe(503);
      await expectRetryLater(notReady!, 'unavailable', 'readiness while the pool is full of waiters');
      expect(await status('/api/health')).toBe(200);
      // A waiter gives up on the lock once it has a connection (busy), or on the connection itself
      // after the pool's 5 s (unavailable): both tell the client to come back.
      for (const response of await Promise.all(waiters)) await expectRetryLater(response, ['databaseBusy', 'unavailable'], 'a waiter');
      await lock.release();
      released = true;
    } finally {
      if (!released) await lock.release();
    }
    await expect.poll(() => status('/api/ready'), { timeout: 5000, interval: 200 }).toBe(200);
    expect(await status(board, bearer(token))).toBe(200);
    expect(server.isAlive()).toBe(true);
  }, 30_000);

  it('lets the ledger check outlast the pool\'s statement and lock timeouts, which still cut an ordinary request', async () => {
    const investor = await loginAt(server.origin);
    const me = (await (await get('/api/users/me', bearer(investor))).json()) as { id: string };
    const adminToken = await staffToken('admin@kc.example');
    const holdings = `/api/ledger/customers/${me.id}/holdings`;
    expect(await status(holdings, bearer(investor))).toBe(200);
    const lock = await lockTable('ledger_lines');
    const heldMs = STATEMENT_TIMEOUT_MS + 2000;
    const started = Date.now();
    let released = false;
    try {
      const check = fetch(`${server.origin}/api/ledger/check`, { method: 'POST', headers: bearer(adminToken), signal: AbortSignal.timeout(15_000) });
      // An ordinary request waiting for the same lock is cut by the pool's limits.
      await expectRetryLater(await get(holdings, bearer(investor)), 'databaseBusy', 'the holdings');
      await new Promise((resolve) => setTimeout(resolve, heldMs - (Date.now() - started)));
      await lock.release();
      released = true;
      // The batch job waited longer than either limit and still completed.
      const response = await check;
      const elapsed = Date.now() - started;
      expect(response.status, await response.clone().text()).toBe(200);
      expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
      expect(elapsed).toBeGreaterThanOrEqual(heldMs);
    } finally {
      if (!released) await lock.release();
    }
  }, 30_000);
});

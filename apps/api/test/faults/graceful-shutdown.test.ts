import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, startServerProcess, stopServerProcess, type TServerProcess } from '../helpers/server-process.ts';
import { bearer, hireAt, hireBodyAt, loginAt } from './helpers.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];

/** Issue 12: SIGTERM stops accepting, finishes what is in flight, closes LISTEN and the pool, exits within 10 s. */
describe.runIf(ADMIN_URL)('graceful shutdown (a server process on PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: TServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(ADMIN_URL!);
    server = await startServerProcess({ DATABASE_URL: database.url, SESSION_CACHE_MS: '0', DASHBOARD_CACHE_MS: '0' });
  }, 90_000);
  afterAll(async () => {
    if (process.env['FAULTS_DEBUG']) console.warn(server?.output.slice(-12).join('\n'));
    await stopServerProcess(server);
    await database?.drop();
  });

  it('answers every request already in flight, refuses new connections, and exits 0 within 10 s', async () => {
    const token = await loginAt(server!.origin);
    const { customerId, body } = await hireBodyAt(server!.origin, token);
    // The held requests' own log lines (lines of the calls above may still be on their way).
    const received = () =>
      server!.output.filter((line) => line.includes('incoming request') && /"url":"\/api\/(dashboard|customers\/)/.test(line)).length;
    const before = received();
    // Hold the requests inside the server: their queries wait on a lock of the contracts table.
    const locker = new pg.Client({ connectionString: database.url });
    // Should the test fail while it holds the lock, the database is dropped under it: not an error here.
    locker.on('error', () => {});
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE contracts IN ACCESS EXCLUSIVE MODE');
    const inFlight = [
      ...Array.from({ length: 20 }, () => fetch(`${server!.origin}/api/dashboard`, { headers: bearer(token) })),
      ...Array.from({ length: 10 }, () => hireAt(server!.origin, token, customerId, body, crypto.randomUUID())),
    ].map((p) => p.then((r) => r.status, (e: Error) => `lost: ${e.message}`));
    await expect.poll(() => received() - before, { timeout: 10_000, interval: 20 }).toBe(30);
    const signalled = Date.now();
    server!.child.kill('SIGTERM');
    // New connections are refused at once, while the held requests are still running.
    await expect.poll(() => fetch(`${server!.origin}/api/health`).then(() => 'accepted', () => 'refused'), { timeout: 2000, interval: 50 }).toBe('refused');
    expect(server!.isAlive()).toBe(true);
    await locker.query('COMMIT');
    await locker.end();
    const answers = await Promise.all(inFlight);
    expect(answers.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(answers.filter((s) => s === 201)).toHaveLength(10);
    const code = await server!.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server!.output.join('\n')).toMatch(/shutting down/);
  }, 60_000);
});

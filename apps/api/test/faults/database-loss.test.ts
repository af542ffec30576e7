import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, refusingRelay, startServerProcess, stopServerProcess, type TServerProcess } from '../helpers/server-process.ts';
import { bearer, COMPANY, loginAt } from './helpers.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];

/**
 * Issue 12: the API as deployed (its own process, on PostgreSQL) when the database goes away.
 * Before the fix, terminating the database's connections ended the process with an unhandled
 * 'error' event of pg-pool.
 */
describe.runIf(ADMIN_URL)('database loss (a server process on PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let relay: Awaited<ReturnType<typeof refusingRelay>>;
  let server: TServerProcess;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  let listening = 0;

  beforeAll(async () => {
    database = await createTestDatabase(ADMIN_URL!);
    relay = await refusingRelay(new URL(database.url));
    // SESSION_CACHE_MS=0: every authenticated call reads the database, as after a cache expiry.
    server = await startServerProcess({ DATABASE_URL: relay.url, SESSION_CACHE_MS: '0', MAIL_POLL_MS: '200' });
    await admin.connect();
  }, 90_000);
  afterAll(async () => {
    if (process.env['FAULTS_DEBUG']) console.warn(server?.output.slice(-30).join('\n'));
    await stopServerProcess(server);
    await admin.end();
    await relay?.close();
    await database?.drop();
  });

  const status = async (url: string, headers: Record<string, string> = COMPANY) => (await fetch(`${server.origin}${url}`, { headers })).status;
  const listeners = async () =>
    Number(
      (await admin.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE 'kc-listener%'`, [database.name]))
        .rows[0].n,
    );

  it('keeps running when PostgreSQL terminates every connection, and serves again at once', async () => {
    const token = await loginAt(server.origin);
    // Fill the pool with idle connections, as a server under traffic has.
    await Promise.all(Array.from({ length: 8 }, () => status('/api/dashboard', bearer(token))));
    // One LISTEN connection per subscriber (the dashboard cache, the notification streams).
    listening = await listeners();
    expect(listening).toBeGreaterThanOrEqual(1);
    const { rows } = await admin.query(
      'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database.name],
    );
    expect(Number(rows[0].n)).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(server.isAlive(), server.output.slice(-5).join('\n')).toBe(true);
    await expect.poll(() => status('/api/ready'), { timeout: 10_000, interval: 200 }).toBe(200);
    expect(await status('/api/dashboard', bearer(token))).toBe(200);
    expect(await status('/api/dashboard', bearer(await loginAt(server.origin)))).toBe(200);
    // The LISTEN connections came back by themselves.
    await expect.poll(listeners, { timeout: 10_000, interval: 200 }).toBe(listening);
  }, 30_000);

  it('answers 503 (never a hang) while PostgreSQL refuses connections for 10 s, then recovers by itself', async () => {
    const token = await loginAt(server.origin);
    await relay.refuse();
    const outageEnds = Date.now() + 10_000;
    try {
      // During the outage: readiness says so, calls get a 503 problem in the caller's language,
      // each within the stated connection timeout (5 s), and the process stays up.
      const started = Date.now();
      const ready = await fetch(`${server.origin}/api/ready`, { headers: COMPANY });
      expect(ready.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(6000);
      const call = await fetch(`${server.origin}/api/users/me`, { headers: { ...bearer(token), 'accept-language': 'en' } });
      expect(call.status).toBe(503);
      expect(call.headers.get('retry-after')).toBe('5');
      expect(call.headers.get('content-type')).toMatch(/application\/problem\+json/);
      const problem = (await call.json()) as Record<string, unknown>;
      expect(problem).toMatchObject({ status: 503, code: 'unavailable', title: 'Service unavailable' });
      expect(JSON.stringify(problem)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
      const signUp = await fetch(`${server.origin}/api/users/register-inversor`, {
        method: 'POST',
        headers: { ...COMPANY, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(signUp.status).toBeLessThan(600); // answered, not hung (400 for the empty body, or 503)
      while (Date.now() < outageEnds) {
        expect(server.isAlive()).toBe(true);
        expect(await status('/api/ready')).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } finally {
      await relay.restore();
    }
    // Afterwards: the pool, the LISTEN connection and the mail worker recover with no restart.
    await expect.poll(() => status('/api/ready'), { timeout: 10_000, interval: 200 }).toBe(200);
    expect(await status('/api/users/me', bearer(token))).toBe(200);
    await expect.poll(listeners, { timeout: 15_000, interval: 250 }).toBe(listening);
    const email = `after.outage.${Date.now()}@example.com`;
    const reset = await fetch(`${server.origin}/api/users/register-inversor`, {
      method: 'POST',
      headers: { ...COMPANY, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'una-clave-larga-2026',
        repeatPassword: 'una-clave-larga-2026',
        dni: '12345678Z',
        firstName: 'Lucía',
        lastName: 'García',
        dateOfBirth: '1985-04-12',
        countryId: 'ES',
        cityId: '3117735',
        postalCode: '28001',
        investorType: 'PERSON',
        useCreditCard: false,
        newEthereumWallet: false,
        ethereumWallet: '0x52908400098527886E0F7030069857D2E4169EE7',
        billingAddressLine1: 'Calle Mayor 1',
        billingAddressLine2: '3º B',
        billingCountry: 'ES',
        billingState: 'Madrid',
        billingCity: 'Madrid',
        billingPostalCode: '28001',
        role: 'INVESTOR',
      }),
    });
    expect(reset.status, await reset.clone().text()).toBe(201);
    const mailDir = path.join(server.dataDir, 'mail');
    await expect
      .poll(async () => {
        const files = await fs.readdir(mailDir).catch(() => [] as string[]);
        const texts = await Promise.all(files.map((f) => fs.readFile(path.join(mailDir, f), 'utf8')));
        return texts.some((text) => text.includes(email));
      }, { timeout: 10_000, interval: 200 })
      .toBe(true);
    expect(server.isAlive()).toBe(true);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startServerProcess, stopServerProcess, type TServerProcess } from '../helpers/server-process.ts';
import { COMPANY } from './helpers.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];
const PASSWORD = 'demo-password-2026';

/**
 * The login limiter across instances: two server processes on one PostgreSQL (no Redis, so the
 * counters are the database's), a burst of wrong passwords from one client address spread over
 * both. Each attempt is reserved in the database before its password is verified, so however
 * the requests race on the two processes, at most the limit (10) is verified.
 */
describe.runIf(ADMIN_URL)('the login limiter on two server processes sharing PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: TServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(ADMIN_URL!);
    // X-Forwarded-For names the client (as behind the balancer); one after the other, so the first migrates alone.
    for (let i = 0; i < 2; i += 1) servers.push(await startServerProcess({ DATABASE_URL: database.url, TRUST_PROXY: 'true' }));
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await stopServerProcess(server);
    await database?.drop();
  });

  const login = (origin: string, password: string, client: string) =>
    fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { ...COMPANY, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', username: 'investor@kc.example', password }),
    });

  it('verifies at most 10 of 100 concurrent wrong passwords from one address over both; the owner still logs in elsewhere', async () => {
    const statuses = await Promise.all(Array.from({ length: 100 }, async (_, i) => (await login(servers[i % 2]!.origin, `guess-${i}`, '198.51.100.7')).status));
    const verified = statuses.filter((s) => s !== 429);
    expect(verified.length).toBeLessThanOrEqual(10);
    expect(verified.every((s) => s === 400)).toBe(true);
    // Blocked there on both processes, even with the right password; not from another address.
    for (const server of servers) expect((await login(server.origin, PASSWORD, '198.51.100.7')).status).toBe(429);
    for (const server of servers) expect((await login(server.origin, PASSWORD, '198.51.100.8')).status).toBe(200);
  }, 30_000);
});

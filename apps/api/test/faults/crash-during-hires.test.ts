import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, startServerProcess, stopServerProcess, type TServerProcess } from '../helpers/server-process.ts';
import { hireAt, hireBodyAt, loginAt } from './helpers.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];

/**
 * Issue 12: an instance killed with SIGKILL in the middle of hires, the client retrying every
 * request with its Idempotency-Key on another instance. Before the fix the key was claimed in a
 * transaction of its own, committed before the contract's: a process that died in between left
 * the key "in progress" for ever (409 on every retry).
 */
describe.runIf(ADMIN_URL)('kill -9 during concurrent hires (two server processes on PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: TServerProcess | undefined;
  let second: TServerProcess | undefined;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  let appDb: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase(ADMIN_URL!);
    first = await startServerProcess({ DATABASE_URL: database.url });
    second = await startServerProcess({ DATABASE_URL: database.url });
    await admin.connect();
    appDb = new pg.Client({ connectionString: database.url });
    await appDb.connect();
  }, 120_000);
  afterAll(async () => {
    await stopServerProcess(first);
    await stopServerProcess(second);
    await appDb?.end();
    await admin.end();
    await database?.drop();
  });

  /** Retries a hire as a careful client does: on a lost connection or a 409 "in progress", again after a pause. */
  async function hireUntilDone(origin: string, token: string, customerId: string, body: Record<string, unknown>, key: string) {
    const deadline = Date.now() + 30_000;
    for (let pause = 100; ; pause = Math.min(pause * 2, 1000)) {
      const response = await hireAt(origin, token, customerId, body, key).catch(() => undefined);
      if (response && response.status !== 409) return response;
      if (Date.now() > deadline) throw new Error(`key ${key} still ${response ? ((await response.json()) as { code: string }).code : 'unanswered'} after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  it('completes every hire exactly once: no duplicate, nothing acknowledged then lost, no key stuck', async () => {
    const token = await loginAt(first!.origin);
    const { customerId, body } = await hireBodyAt(first!.origin, token);
    const contractsOf = async () =>
      Number((await appDb.query('SELECT count(*) AS n FROM contracts WHERE user_id = $1', [customerId])).rows[0].n);
    const before = await contractsOf();

    // 30 hires that the first instance finishes and acknowledges.
    const acknowledgedKeys = Array.from({ length: 30 }, () => crypto.randomUUID());
    const acknowledged = await Promise.all(acknowledgedKeys.map((key) => hireAt(first!.origin, token, customerId, body, key)));
    expect(acknowledged.map((r) => r.status)).toEqual(acknowledgedKeys.map(() => 201));
    const acknowledgedIds = await Promise.all(acknowledged.map(async (r) => ((await r.json()) as { id: string }).id));

    // 20 more, caught in the middle: their transactions wait on a lock of the contracts table
    // (as a slow disk or a busy table would make them wait) when the process is killed.
    const pendingKeys = Array.from({ length: 20 }, () => crypto.randomUUID());
    await appDb.query('BEGIN');
    await appDb.query('LOCK TABLE contracts IN SHARE MODE');
    const pending = pendingKeys.map((key) => hireAt(first!.origin, token, customerId, body, key).then((r) => r.status, () => 'lost'));
    await expect
      .poll(async () =>
        Number(
          (await admin.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`, [database.name])).rows[0].n,
        ),
      { timeout: 10_000, interval: 50 })
      .toBeGreaterThan(0);
    first!.child.kill('SIGKILL');
    await first!.exited;
    expect(new Set(await Promise.all(pending))).toEqual(new Set(['lost']));
    await appDb.query('COMMIT');

    // The client retries every request, with its own key, on the surviving instance.
    const allKeys = [...acknowledgedKeys, ...pendingKeys];
    const retried = await Promise.all(allKeys.map((key) => hireUntilDone(second!.origin, token, customerId, body, key)));
    const statuses = retried.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 201), statuses.join(',')).toBe(true);
    const ids = await Promise.all(retried.map(async (r) => ((await r.json()) as { id: string }).id));
    // Acknowledged hires come back as the same contracts.
    expect(ids.slice(0, 30)).toEqual(acknowledgedIds);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    // One contract per key, none twice, none lost.
    expect(new Set(ids).size).toBe(allKeys.length);
    expect(await contractsOf()).toBe(before + allKeys.length);
    const keys = await appDb.query('SELECT idempotency_key, contract_id FROM contract_idempotency_keys WHERE user_id = $1', [customerId]);
    expect(keys.rows).toHaveLength(allKeys.length);
    expect(keys.rows.every((row: { contract_id: string | null }) => row.contract_id !== null)).toBe(true);
  }, 120_000);
});

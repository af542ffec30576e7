import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { truncateContracts } from './helpers/ledger.ts';
import type { FastifyInstance } from 'fastify';

// The dashboard cache (docs/decisions/0009-dashboard-cache.md) must never show an investor
// contracts older than the database's once a change has committed: through this process at
// once; through SQL or another API instance as soon as the notification arrives.

const INVESTOR = 'investor@kc.example';

interface TBoard {
  facets: Record<string, number>;
  contracts: { totalElements: number; content: { id: string; userContractState: string }[] };
}

/** Retries `check` until it passes: a change heard through a notification arrives asynchronously on PostgreSQL. */
const eventually = (check: () => Promise<void>, timeout = 3000) => vi.waitFor(check, { timeout, interval: 10 });

describe.each(DB_KINDS)('dashboard cache on %s', (kind) => {
  let t: TTestApp;
  let investor: Record<string, string>;
  let investorId: string;

  const board = async (app: FastifyInstance = t.app, state = 'ALL'): Promise<TBoard> => {
    const res = await app.inject({ url: `/api/dashboard/${state}?size=100`, headers: investor });
    expect(res.statusCode).toBe(200);
    return res.json() as TBoard;
  };
  const newContractId = async () =>
    (await t.db.selectFrom('contracts').select('id').where('user_id', '=', investorId).where('state', '=', 'NEW').executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    investor = await authHeaders(t.db, INVESTOR);
    investorId = (await t.db.selectFrom('users').select('id').where('email', '=', INVESTOR).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  it('is on, and a repeated call answers the same JSON from memory', async () => {
    expect(t.app.dashboardCache.active).toBe(true);
    const first = await t.app.inject({ url: '/api/dashboard/NEW', headers: investor });
    const second = await t.app.inject({ url: '/api/dashboard/NEW', headers: investor });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    // Someone's contracts: no browser or proxy cache may keep them (every authenticated answer).
    expect(second.headers['cache-control']).toBe('no-store');
    const preferences = await t.app.inject({ url: '/api/users/payment-preferences', headers: investor });
    expect(preferences.headers['cache-control']).toBe('no-store');
    expect(t.app.dashboardCache.size).toBeGreaterThan(0);
  });

  it('shows a change made through this process at once, without waiting for the notification', async () => {
    // Notifications held back for a second: the writer must forget its own pages itself.
    const handlers = t.app.dashboardCache.handlers;
    const deliver = handlers.onMessage;
    handlers.onMessage = (payload) => void setTimeout(() => deliver(payload), 1000);
    try {
      const before = await board();
      const id = await newContractId();
      const archived = await t.app.inject({ method: 'POST', url: `/api/contracts/${id}/archive`, headers: investor });
      expect(archived.statusCode).toBe(200);
      const after = await board();
      expect(after.facets['ARCHIVED']).toBe(before.facets['ARCHIVED']! + 1);
      expect(after.facets['NEW']).toBe(before.facets['NEW']! - 1);
      expect(after.contracts.content.find((c) => c.id === id)?.userContractState).toBe('ARCHIVED');
    } finally {
      handlers.onMessage = deliver;
    }
  });

  it('shows a change made in SQL outside the API, through the contracts trigger', async () => {
    const before = await board();
    const id = await newContractId();
    await sql`UPDATE contracts SET state = 'DELETED' WHERE id = ${id}`.execute(t.db);
    await eventually(async () => {
      const after = await board();
      expect(after.facets['DELETED']).toBe(before.facets['DELETED']! + 1);
    });
    // A new contract written in SQL counts too (INSERT), as does its removal (DELETE).
    const template = await t.db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { id: _id, created_at: _c, ...copy } = template;
    const inserted = await t.db.insertInto('contracts').values({ ...copy, state: 'STANDBY' }).returning('id').executeTakeFirstOrThrow();
    await eventually(async () => expect((await board()).facets['ALL']).toBe(before.facets['ALL']! + 1));
    await t.db.deleteFrom('contracts').where('id', '=', inserted.id).execute();
    await eventually(async () => expect((await board()).facets['ALL']).toBe(before.facets['ALL']!));
  });

  it('keeps no page past the tenth: one investor paging far cannot push out the others', async () => {
    await board();
    const held = t.app.dashboardCache.size;
    for (const page of [10, 11]) {
      const res = await t.app.inject({ url: `/api/dashboard/ALL?page=${page}`, headers: investor });
      expect(res.statusCode).toBe(200);
    }
    expect(t.app.dashboardCache.size).toBe(held);
  });

  it('shows a contract moved to another owner in SQL on both boards', async () => {
    const advisor = await authHeaders(t.db, 'advisor@kc.example');
    const boardOf = async (headers: Record<string, string>) =>
      ((await t.app.inject({ url: '/api/dashboard/ALL', headers })).json() as TBoard).facets['ALL']!;
    const [mine, theirs] = [await boardOf(investor), await boardOf(advisor)];
    const advisorId = (await t.db.selectFrom('users').select('id').where('email', '=', 'advisor@kc.example').executeTakeFirstOrThrow()).id;
    const id = await newContractId();
    await sql`UPDATE contracts SET user_id = ${advisorId} WHERE id = ${id}`.execute(t.db);
    await eventually(async () => {
      expect(await boardOf(investor)).toBe(mine - 1);
      expect(await boardOf(advisor)).toBe(theirs + 1);
    });
  });

  it.runIf(kind === 'postgres')('shows a change made by another API instance', async () => {
    const sibling = await t.openSibling!();
    try {
      await eventually(async () => expect(sibling.app.dashboardCache.active).toBe(true));
      const before = await board(t.app);
      await board(sibling.app); // both instances now hold the page
      const id = await newContractId();
      const res = await sibling.app.inject({ method: 'POST', url: `/api/contracts/${id}/archive`, headers: investor });
      expect(res.statusCode).toBe(200);
      expect((await board(sibling.app)).facets['ARCHIVED']).toBe(before.facets['ARCHIVED']! + 1);
      await eventually(async () => expect((await board(t.app)).facets['ARCHIVED']).toBe(before.facets['ARCHIVED']! + 1));
    } finally {
      await sibling.close();
    }
  });

  it.runIf(kind === 'postgres')('serves nothing from memory while its listening connection is down, and caches again once it is back', async () => {
    const cache = t.app.dashboardCache;
    await board();
    expect(cache.size).toBeGreaterThan(0);
    // Connected to this test's own database (helpers/build-test-app.ts).
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        [`kc-listener ${t.schema}`],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await eventually(async () => expect(cache.active).toBe(false), 2000);
      expect(cache.size).toBe(0);
      expect(t.logs.some((line) => line.includes('contract change notifications lost'))).toBe(true);
      // Changes made while nobody listens are not missed: nothing is kept until the LISTEN is
      // back (the test databases' listener waits 1 s before reconnecting).
      const before = await board();
      expect(cache.size).toBe(0);
      const id = await newContractId();
      await admin.query(`UPDATE contracts SET state = 'ACTIVE' WHERE id = $1`, [id]);
      expect(cache.active).toBe(false);
      expect((await board()).facets['ACTIVE']).toBe(before.facets['ACTIVE']! + 1);
      await eventually(async () => expect(cache.active).toBe(true), 5000);
      expect(t.logs.some((line) => line.includes('listening to contract changes again'))).toBe(true);
      const again = await board();
      expect(again.facets['ACTIVE']).toBe(before.facets['ACTIVE']! + 1);
      expect(cache.size).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
  });

  // Last: it empties the table.
  it('shows an emptied table after a TRUNCATE in SQL', async () => {
    expect((await board()).facets['ALL']).toBeGreaterThan(0);
    await truncateContracts(t.db);
    await eventually(async () => expect((await board()).facets['ALL']).toBe(0));
  });
});

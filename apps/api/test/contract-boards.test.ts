import pg from 'pg';
import { REFLECTION_WAIVER_TEXT, ZDashboardResponse, type TDashboardResponse } from '@kc/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { truncateContracts } from './helpers/ledger.ts';
import { forgetSessions } from '../src/lib/session-cache.ts';
import { findTokenUser } from '../src/modules/oauth/service.ts';
import { dashboardAlongside, getDashboard } from '../src/modules/contracts/service.ts';
import type { TAuthUser } from '../src/plugins/auth.ts';
import { BOARD_PAGE_SIZE } from '../src/modules/contracts/repository.ts';
import { hashToken } from '../src/lib/tokens.ts';

// The board the database keeps per owner (migrations 0038 and 0039, decisions 0039 and 0040): after
// any change to `contracts`, made by the API or in SQL, each owner's kept answer is exactly what
// the answer function writes from the contracts at that moment, that is the answer the API writes
// itself from the board function, and the dashboard serves it.

const INVESTOR = 'investor@kc.example';

describe.each(DB_KINDS)('kept contract boards on %s', (kind) => {
  let t: TTestApp;
  let investor: Record<string, string>;
  let investorId: string;

  /** Owners whose kept answer differs from a fresh read, or who have contracts and no kept board. */
  const staleBoards = async () =>
    (
      await sql<{ user_id: string }>`
        SELECT o.user_id FROM (SELECT DISTINCT company_id, user_id FROM contracts) o
          LEFT JOIN contract_boards b ON b.company_id = o.company_id AND b.user_id = o.user_id
         WHERE b.answer IS NULL OR b.answer <> kc_contract_board_answer(o.company_id, o.user_id)
        UNION ALL
        SELECT b.user_id FROM contract_boards b
         WHERE b.answer <> kc_contract_board_answer(b.company_id, b.user_id)`.execute(t.db)
    ).rows;
  /** The owner's kept answer, read as JSON (its page of contracts and counters). */
  const keptBoard = async (userId = investorId) => {
    const row = await t.db.selectFrom('contract_boards').select('answer').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const board = JSON.parse(row.answer) as TDashboardResponse;
    return { ...board, rows: board.contracts.content };
  };
  const dashboard = async () => {
    // Changes made in SQL reach the answer cache (decision 0009) by notification, later: this file
    // checks the kept board, so every read here skips that cache.
    t.app.dashboardCache.forgetAll();
    const res = await t.app.inject({ url: '/api/dashboard', headers: investor });
    expect(res.statusCode).toBe(200);
    return res.json() as { facets: Record<string, number>; contracts: { content: { id: string; userContractState: string }[] } };
  };
  const copyOfAContract = async (changes: Record<string, unknown>) => {
    const template = await t.db.selectFrom('contracts').selectAll().where('user_id', '=', investorId).executeTakeFirstOrThrow();
    const { id: _id, created_at: _c, ...copy } = template;
    return (await t.db.insertInto('contracts').values({ ...copy, ...changes }).returning('id').executeTakeFirstOrThrow()).id;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    investor = await authHeaders(t.db, INVESTOR);
    investorId = (await t.db.selectFrom('users').select('id').where('email', '=', INVESTOR).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  it('starts with a kept board for every owner of the demo data, each equal to a fresh read', async () => {
    expect((await keptBoard()).rows.length).toBeGreaterThan(0);
    expect(await staleBoards()).toEqual([]);
  });

  it('keeps for every owner the answer the API writes itself: around midnight in Madrid, both clock changes, microseconds, a second page', async () => {
    const owner = await t.db.selectFrom('users').select('id').where('email', '=', 'advisor@kc.example').executeTakeFirstOrThrow();
    const template = await t.db.selectFrom('contracts').selectAll().where('user_id', '=', investorId).executeTakeFirstOrThrow();
    // Hires where the Madrid date and the UTC date differ, and on the days the clocks change
    // (2026-03-29 and 2026-10-25), in several states; twelve, so the kept page is not the last. The
    // first ten (the newest submissions) are the kept page: every boundary case is among them.
    const hires: [string, string][] = [
      ['2026-03-28 22:59:59.999+00', 'NEW'],
      ['2026-03-28 23:00:00+00', 'NEW'],
      ['2026-03-29 00:30:00.123456+00', 'NEW'],
      ['2026-03-29 01:00:00+00', 'ACTIVE'],
      ['2026-10-24 21:59:59.999999+00', 'NEW'],
      ['2026-10-24 22:00:00+00', 'NEW'],
      ['2026-10-25 00:30:00+00', 'NEW'],
      ['2026-10-25 01:00:00+00', 'ARCHIVED'],
      ['2026-12-31 23:00:00.029999+00', 'NEW'],
      ['2027-01-01 00:00:00+00', 'DELETED'],
      ['2026-06-15 12:00:00+00', 'STANDBY'],
      ['2026-11-28 22:59:59+00', 'NEW'],
    ];
    const ids: string[] = [];
    for (const [i, [at, state]] of hires.entries()) {
      const inserted = await sql<{ id: string }>`
        INSERT INTO contracts (company_id, user_id, product_id, product_key, state, initial_investment, recurring_amount, submission_date, expiring_date, created_at)
        VALUES (${template.company_id}, ${owner.id}, ${template.product_id}, ${template.product_key}, ${state}, 1234.5, 0.1,
                ${`2098-01-${String(hires.length - i).padStart(2, '0')}`}, '2120-12-31', ${at}::timestamptz)
        RETURNING id`.execute(t.db);
      ids.push(inserted.rows[0]!.id);
    }
    // Waivers at instants with microseconds (the API writes them to the millisecond).
    for (const [i, at] of [[0, '2026-03-29 00:00:00.000999+00'], [2, '2026-03-30 10:00:00.029999+00'], [8, '2027-01-01 00:00:00.5+00']] as const) {
      await sql`INSERT INTO contract_reflection_waivers (contract_id, company_id, waived_by, waived_at, text_key, text_version)
                VALUES (${ids[i]!}, ${template.company_id}, ${owner.id}, ${at}::timestamptz, ${REFLECTION_WAIVER_TEXT.key}, ${REFLECTION_WAIVER_TEXT.version})`.execute(t.db);
    }
    const kept = await t.db.selectFrom('contract_boards').select(['company_id', 'user_id', 'answer']).execute();
    expect(kept.length).toBeGreaterThan(1);
    for (const row of kept) {
      const caller = { companyId: row.company_id, id: row.user_id } as TAuthUser;
      const answer = JSON.parse(row.answer) as unknown;
      expect(ZDashboardResponse.parse(answer)).toEqual(answer);
      expect(answer).toEqual(await getDashboard(t.app, caller, 'ALL', 0, BOARD_PAGE_SIZE));
    }
    const board = await keptBoard(owner.id);
    expect(board.contracts).toMatchObject({ size: BOARD_PAGE_SIZE, totalPages: 2, last: false, numberOfElements: 10, totalElements: 12 });
    expect(board.rows.map((r) => r.id)).toEqual(ids.slice(0, 10));
    // The spot checks the comparison rests on: a hire at 00:30 Madrid on 2026-03-29 (CET) may be
    // revoked until 2026-04-03 00:00 Madrid (CEST), 22:00 UTC; its waiver is written to the millisecond.
    expect(board.rows.find((r) => r.id === ids[2])?.reflection).toEqual({ endsAt: '2026-04-02T22:00:00.000Z', waivedAt: '2026-03-30T10:00:00.029Z' });
    expect(board.rows.find((r) => r.id === ids[3])).not.toHaveProperty('reflection');
    // A hire at 00:00 Madrid (CET) on 2026-03-29, the day the clocks go forward, and one a millisecond
    // earlier: a day apart. The second, waived to the microsecond, shows the millisecond.
    expect(board.rows.find((r) => r.id === ids[1])?.reflection?.endsAt).toBe('2026-04-02T22:00:00.000Z');
    expect(board.rows.find((r) => r.id === ids[0])?.reflection).toEqual({ endsAt: '2026-04-01T22:00:00.000Z', waivedAt: '2026-03-29T00:00:00.000Z' });
    // Migration 0041: a full page's answer (≈ 3 kB, past PostgreSQL's default ≈ 2 kB threshold) is
    // kept in its row as it is, neither compressed (stored size = its bytes + the 4-byte header)
    // nor moved to the TOAST table, so the dashboard's read is one index and one heap page.
    const stored = await sql<{ bytes: number; stored: number; toasted: boolean }>`
      SELECT octet_length(answer) AS bytes, pg_column_size(answer) AS stored,
             EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = 'contract_boards'::regclass AND pg_relation_size(c.reltoastrelid) > 0) AS toasted
        FROM contract_boards WHERE user_id = ${owner.id}`.execute(t.db);
    expect(stored.rows[0]!.bytes).toBeGreaterThan(2100);
    expect(stored.rows[0]!.stored).toBe(stored.rows[0]!.bytes + 4);
    expect(stored.rows[0]!.toasted).toBe(false);
    await t.db.deleteFrom('contracts').where('id', 'in', ids).execute();
    expect(await staleBoards()).toEqual([]);
  });

  it('follows inserts, state changes, moves to another owner and deletes made in SQL', async () => {
    const inserted = await copyOfAContract({ state: 'STANDBY', submission_date: '2099-01-01' });
    expect((await keptBoard()).rows[0]?.id).toBe(inserted);
    expect(await staleBoards()).toEqual([]);

    await sql`UPDATE contracts SET state = 'ARCHIVED' WHERE id = ${inserted}`.execute(t.db);
    expect((await keptBoard()).rows[0]?.userContractState).toBe('ARCHIVED');

    const advisorId = (await t.db.selectFrom('users').select('id').where('email', '=', 'advisor@kc.example').executeTakeFirstOrThrow()).id;
    await sql`UPDATE contracts SET user_id = ${advisorId} WHERE id = ${inserted}`.execute(t.db);
    expect((await keptBoard()).rows.map((r) => r.id)).not.toContain(inserted);
    expect((await keptBoard(advisorId)).rows.map((r) => r.id)).toContain(inserted);
    expect(await staleBoards()).toEqual([]);

    await t.db.deleteFrom('contracts').where('id', '=', inserted).execute();
    expect((await keptBoard(advisorId)).rows.map((r) => r.id)).not.toContain(inserted);
    expect(await staleBoards()).toEqual([]);
  });

  it('follows a contract added in SQL and a waiver made through the API, and the dashboard shows them', async () => {
    const before = await dashboard();
    const id = await copyOfAContract({ state: 'NEW', submission_date: '2099-02-01' });
    const after = await dashboard();
    expect(after.facets['NEW']).toBe(before.facets['NEW']! + 1);
    expect(after.contracts.content[0]?.id).toBe(id);
    const waived = await t.app.inject({
      method: 'POST',
      url: `/api/contracts/${id}/waive-reflection`,
      headers: investor,
      payload: { confirmed: true, textVersion: REFLECTION_WAIVER_TEXT.version },
    });
    expect(waived.statusCode).toBe(200);
    expect((await keptBoard()).rows.find((r) => r.id === id)?.reflection?.waivedAt).toEqual(expect.any(String));
    expect((await dashboard()).contracts.content[0]).toMatchObject({ id, reflection: { waivedAt: expect.any(String) } });
    expect(await staleBoards()).toEqual([]);
  });

  it('answers the same board whether the session came from the database with it or from the session cache', async () => {
    forgetSessions(t.db);
    t.app.dashboardCache.forgetAll();
    const fromTheSessionStatement = await t.app.inject({ url: '/api/dashboard', headers: investor });
    // The session is cached now: this answer reads the kept board on its own.
    t.app.dashboardCache.forgetAll();
    const afterTheCache = await t.app.inject({ url: '/api/dashboard', headers: investor });
    expect(fromTheSessionStatement.statusCode).toBe(200);
    expect(afterTheCache.body).toBe(fromTheSessionStatement.body);
    // The board read with the session is served but not kept by the answer cache: it was read before
    // the cache could watch for changes to its owner. The next read, by its key, is kept.
    forgetSessions(t.db);
    t.app.dashboardCache.forgetAll();
    await t.app.inject({ url: '/api/dashboard', headers: investor });
    expect(t.app.dashboardCache.size).toBe(0);
    await t.app.inject({ url: '/api/dashboard', headers: investor });
    expect(t.app.dashboardCache.size).toBe(1);
  });

  it('reads the board in the session statement only for the owner of the token', async () => {
    const token = investor['authorization']!.slice('Bearer '.length);
    const row = await findTokenUser(t.db, hashToken(token), new Date(), dashboardAlongside);
    expect(row?.id).toBe(investorId);
    const kept = await t.db.selectFrom('contract_boards').select('answer').where('user_id', '=', investorId).executeTakeFirstOrThrow();
    expect(row?.alongside).toBe(kept.answer);
    // Without the column the statement is the plain session, and an unknown token reads nothing.
    expect(await findTokenUser(t.db, hashToken(token))).not.toHaveProperty('alongside');
    expect(await findTokenUser(t.db, hashToken('not a token'), new Date(), dashboardAlongside)).toBeUndefined();
  });

  it('answers an empty board to someone who never had a contract, with or without the session statement', async () => {
    const supplier = await authHeaders(t.db, 'supplier@kc.example');
    const supplierId = (await t.db.selectFrom('users').select('id').where('email', '=', 'supplier@kc.example').executeTakeFirstOrThrow()).id;
    expect(await t.db.selectFrom('contract_boards').select('user_id').where('user_id', '=', supplierId).execute()).toEqual([]);
    forgetSessions(t.db);
    t.app.dashboardCache.forgetAll();
    const first = await t.app.inject({ url: '/api/dashboard', headers: supplier }); // board column NULL with the session
    t.app.dashboardCache.forgetAll();
    const second = await t.app.inject({ url: '/api/dashboard', headers: supplier }); // session cached: no board row
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      const body = res.json() as { facets: Record<string, number>; contracts: { content: unknown[]; totalElements: number } };
      expect(body.facets['ALL']).toBe(0);
      expect(body.contracts.content).toEqual([]);
      expect(body.contracts.totalElements).toBe(0);
    }
  });

  it('reads the session and the kept board in one statement when the session is not cached, and the board alone after', async () => {
    const executor = t.app.db.getExecutor();
    const statements: string[] = [];
    const original = executor.executeQuery.bind(executor);
    const counting = vi.spyOn(executor, 'executeQuery').mockImplementation((query, ...rest) => {
      statements.push(query.sql);
      return original(query, ...rest);
    });
    try {
      forgetSessions(t.db);
      t.app.dashboardCache.forgetAll();
      expect((await t.app.inject({ url: '/api/dashboard', headers: investor })).statusCode).toBe(200);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toContain('contract_boards');
      expect(statements[0]).toContain('access_tokens');
      statements.length = 0;
      t.app.dashboardCache.forgetAll();
      expect((await t.app.inject({ url: '/api/dashboard', headers: investor })).statusCode).toBe(200);
      expect(statements).toEqual(['SELECT answer FROM contract_boards WHERE company_id = $1 AND user_id = $2']);
      // Another page is not the kept one: it reads its own page, and the answer cache keeps it.
      statements.length = 0;
      forgetSessions(t.db);
      expect((await t.app.inject({ url: '/api/dashboard/NEW', headers: investor })).statusCode).toBe(200);
      expect(statements).toHaveLength(2);
      expect(statements[1]).toContain('kc_contract_board');
    } finally {
      counting.mockRestore();
    }
  });

  it('follows waivers changed or removed in SQL, and writes dates as ISO whatever the writer\'s DateStyle', async () => {
    const waived = await t.db.selectFrom('contract_reflection_waivers').select('contract_id').executeTakeFirstOrThrow();
    await sql`UPDATE contract_reflection_waivers SET waived_at = '2030-01-01T00:00:00Z' WHERE contract_id = ${waived.contract_id}`.execute(t.db);
    expect(await staleBoards()).toEqual([]);
    await sql`DELETE FROM contract_reflection_waivers WHERE contract_id = ${waived.contract_id}`.execute(t.db);
    expect(await staleBoards()).toEqual([]);
    const template = await t.db.selectFrom('contracts').selectAll().where('user_id', '=', investorId).executeTakeFirstOrThrow();
    const { id: _id, created_at: _c, ...copy } = template;
    const id = await t.db.connection().execute(async (c) => {
      // A session (psql, a report tool) whose dates print as 04/03/2099 writes the board.
      await sql`SET DateStyle = 'SQL, DMY'`.execute(c);
      try {
        return (await c.insertInto('contracts').values({ ...copy, submission_date: '2099-03-04' }).returning('id').executeTakeFirstOrThrow()).id;
      } finally {
        await sql`RESET DateStyle`.execute(c);
      }
    });
    const row = (await keptBoard()).rows.find((r) => r.id === id)!;
    expect(row.submissionDate).toBe('2099-03-04');
    expect(row.expiringDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.runIf(kind === 'postgres')('writes both changes when two transactions change one owner at once', async () => {
    const template = await t.db.selectFrom('contracts').selectAll().where('user_id', '=', investorId).executeTakeFirstOrThrow();
    // An owner outside the sales network: no agent's figures to lock, so only the board's lock orders the two.
    const owner = (await t.db.selectFrom('users').select('id').where('email', '=', 'admin@kc.example').executeTakeFirstOrThrow()).id;
    const clients = [new pg.Client({ connectionString: t.databaseUrl }), new pg.Client({ connectionString: t.databaseUrl })];
    await Promise.all(clients.map((c) => c.connect()));
    const insert = (client: pg.Client, date: string) =>
      client.query(
        `INSERT INTO contracts (company_id, user_id, product_id, product_key, state, initial_investment, recurring_amount, submission_date, expiring_date)
         VALUES ($1, $2, $3, $4, 'STANDBY', 100, 10, $5, '2120-01-01') RETURNING id`,
        [template.company_id, owner, template.product_id, template.product_key, date],
      );
    try {
      const [a, b] = clients as [pg.Client, pg.Client];
      // The owner's board exists already (the case where no insert of it can make the second wait).
      await insert(a, '2100-01-01');
      await a.query('BEGIN');
      await b.query('BEGIN');
      const first = (await insert(a, '2110-01-01')).rows[0].id as string;
      // The second waits for the first's lock on the owner's board, then reads its committed row.
      const second = insert(b, '2110-01-02');
      // Only once B waits on A's lock does the test exercise the board's serialisation.
      const bPid = (b as unknown as { processID: number }).processID;
      await vi.waitFor(
        async () => {
          const waiting = await a.query(`SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, [bPid]);
          expect(waiting.rows[0]?.wait_event_type).toBe('Lock');
        },
        { timeout: 5000, interval: 20 },
      );
      await a.query('COMMIT');
      const secondId = (await second).rows[0].id as string;
      await b.query('COMMIT');
      const rows = (await keptBoard(owner)).rows.map((r) => r.id);
      expect(rows.slice(0, 2)).toEqual([secondId, first]);
      expect(await staleBoards()).toEqual([]);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('empties every kept board when contracts are truncated', async () => {
    await truncateContracts(t.db);
    expect(await t.db.selectFrom('contract_boards').select('user_id').execute()).toEqual([]);
    const res = await dashboard();
    expect(res.facets['ALL']).toBe(0);
    expect(res.contracts.content).toEqual([]);
  });
});

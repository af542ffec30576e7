import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type TDatabase } from '../src/db/database.ts';
import { allowLongWork, withLongWork } from '../src/db/timeouts.ts';
import { databaseFault } from '../src/db/unavailable.ts';

const url = process.env['TEST_DATABASE_URL'];

/** The pool's limits (tiny here) against the longer ones of the batch jobs, on one connection. */
describe.skipIf(!url)('statement timeouts on PostgreSQL', () => {
  let database: TDatabase;
  const sleep = (db: TDatabase['db']) => sql`SELECT pg_sleep(0.5)`.execute(db);
  const setting = async (name: 'statement_timeout' | 'lock_timeout' | 'idle_in_transaction_session_timeout') =>
    (await sql<{ value: string }>`SELECT current_setting(${name}) AS value`.execute(database.db)).rows[0]!.value;
  beforeAll(async () => {
    database = await openDatabase({ url: url!, poolSize: 1, timeouts: { statementMs: 200, lockMs: 150, idleInTransactionMs: 60_000 } });
  });
  afterAll(async () => database.close());

  it('starts every pooled connection with the configured limits, and a statement past them is "busy"', async () => {
    expect([await setting('statement_timeout'), await setting('lock_timeout'), await setting('idle_in_transaction_session_timeout')]).toEqual(['200ms', '150ms', '1min']);
    const error: unknown = await sleep(database.db).then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: '57014' });
    expect(databaseFault(error)).toBe('busy');
  });

  it('lifts them for a batch job\'s transaction only', async () => {
    await database.db.transaction().execute(async (tx) => {
      await allowLongWork(tx);
      await sleep(tx);
    });
    expect(await setting('statement_timeout')).toBe('200ms');
    await expect(sleep(database.db)).rejects.toMatchObject({ code: '57014' });
  });

  it('lifts them for work on one connection (the migrations) and sets them back afterwards, even when it fails', async () => {
    await withLongWork(database.db, async (connection) => {
      await sleep(connection);
      await connection.transaction().execute(async (tx) => sleep(tx));
    });
    expect([await setting('statement_timeout'), await setting('lock_timeout')]).toEqual(['200ms', '150ms']);
    await expect(withLongWork(database.db, async (connection) => sql`SELECT 1/0`.execute(connection))).rejects.toMatchObject({ code: '22012' });
    expect([await setting('statement_timeout'), await setting('lock_timeout')]).toEqual(['200ms', '150ms']);
  });
});

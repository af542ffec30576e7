import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The limits every PostgreSQL connection of the API pool starts with (DATABASE_*_TIMEOUT_MS;
 * 0 = none). They keep one stuck statement, a table locked elsewhere or a transaction left open
 * from holding a pooled connection (and the request behind it) for as long as the cause lasts:
 * the statement fails instead, the request answers 503 `databaseBusy`, the connection is free.
 */
export interface TStatementTimeouts {
  /** statement_timeout: how long one statement may run. */
  statementMs: number;
  /** lock_timeout: how long one statement may wait for a lock (a table, a row, an advisory lock). */
  lockMs: number;
  /** idle_in_transaction_session_timeout: how long a transaction may sit idle between statements. */
  idleInTransactionMs: number;
}

/**
 * The named batch jobs' limits (a distribution to every contract, the ledger check, a bank
 * statement's import, the retention jobs): at bench scale (1M contracts, 20M ledger lines) a
 * distribution or the ledger check takes 40 to 55 s, mostly in one statement, and a
 * distribution or an import waits for another one's advisory lock. Bounded all the same, so that
 * a job stuck behind a lock or a runaway plan ends one day and frees its connection.
 */
export const LONG_WORK_STATEMENT_TIMEOUT_MS = 30 * 60_000;
export const LONG_WORK_LOCK_TIMEOUT_MS = 2 * 60_000;

/**
 * Gives the rest of this transaction the batch jobs' longer limits (SET LOCAL: they end with
 * the transaction, and the pooled connection goes back with the pool's own). Only for the named
 * jobs that need it: raising the pool's defaults would let every request hang again.
 */
export async function allowLongWork(tx: Transaction<Database>): Promise<void> {
  await sql`SELECT set_config('statement_timeout', ${String(LONG_WORK_STATEMENT_TIMEOUT_MS)}, true),
    set_config('lock_timeout', ${String(LONG_WORK_LOCK_TIMEOUT_MS)}, true)`.execute(tx);
}

/**
 * Runs `work` on one pooled connection with the batch jobs' limits for the whole connection, set
 * back to the pool's own afterwards (RESET returns to the values the connection started with).
 * For work that opens its own transactions and so cannot take `allowLongWork`: the migrations
 * at start (Kysely's migrator creates its tables, then migrates in a transaction of its own).
 */
export async function withLongWork<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`SELECT set_config('statement_timeout', ${String(LONG_WORK_STATEMENT_TIMEOUT_MS)}, false),
      set_config('lock_timeout', ${String(LONG_WORK_LOCK_TIMEOUT_MS)}, false)`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`RESET statement_timeout`.execute(connection);
      await sql`RESET lock_timeout`.execute(connection);
    }
  });
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { pgliteListen, postgresListen, type TListen } from './notifications.ts';
import { countingDialect, type TPoolStats } from './pool-stats.ts';
import { initPgliteDataDirInChild, PGLITE_START_PARAMS } from './pglite-memory.ts';
import { PreparingClient } from './preparing-client.ts';
import type { Database } from './schema.ts';
import { withLongWork, type TStatementTimeouts } from './timeouts.ts';

export type TDb = Kysely<Database>;

// Postgres type ids: numeric (money) and date stay exact strings on both drivers.
const NUMERIC = 1700;
const DATE = 1082;
const INT8 = 20;
pg.types.setTypeParser(NUMERIC, (v) => v);
pg.types.setTypeParser(DATE, (v) => v);
pg.types.setTypeParser(INT8, (v) => v);

/** Extensions the migrations use (0007: pg_trgm for the user search; 0027: btree_gin for the job search); every PGlite must load them. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

export interface TDatabaseOptions {
  /** A postgres:// URL; unset means the embedded PGlite. */
  url?: string;
  /** PGlite data folder (unset with no url: in memory). */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests: a migrated template). */
  loadDataDir?: Blob | File;
  /** PostgreSQL: the schema to use (tests: one fresh schema per file). */
  schema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** PostgreSQL: first delay before the LISTEN connection reconnects (tests lengthen it). */
  listenRetryMs?: number;
  /**
   * PostgreSQL: told when an idle pooled connection fails (the server restarted, a fail-over, a
   * proxy's idle timeout). The pool drops that connection and opens a new one when next asked.
   */
  onConnectionError?: (error: Error) => void;
  /**
   * PostgreSQL: the statement, lock and idle-in-transaction timeouts every pooled connection
   * starts with (db/timeouts.ts); unset means the server's own (none by default). Not applied to
   * PGlite: its WebAssembly backend has no timer to cancel a statement with (a `SET
   * statement_timeout` is accepted and never fires), no other session can hold a lock it would
   * wait for, and ending its one idle transaction would end its only backend.
   */
  timeouts?: TStatementTimeouts;
}

/** How long a request may wait for a PostgreSQL connection before it fails (503, never a hang). */
export const CONNECT_TIMEOUT_MS = 5000;

export interface TDatabase {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** LISTEN to a notification channel of this database (db/notifications.ts). */
  listen: TListen;
  /** The connections in use, idle and waited for (the metrics, db/pool-stats.ts). */
  poolStats: () => TPoolStats;
  close(): Promise<void>;
}

export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  if (options.url) {
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Sent in the connection's start-up packet: no extra round trip, and RESET comes back to them.
      ...(options.timeouts
        ? {
            statement_timeout: options.timeouts.statementMs,
            lock_timeout: options.timeouts.lockMs,
            idle_in_transaction_session_timeout: options.timeouts.idleInTransactionMs,
          }
        : {}),
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // Without a listener, pg-pool re-emits an idle connection's error as an unhandled 'error'
    // event, and Node ends the process (issue 12: every instance died on pg_terminate_backend).
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // Named, so that an operator (or a test) can tell the listening connection apart.
    const applicationName = `kc-listener${options.schema ? ` ${options.schema}` : ''}`;
    const listen = postgresListen({
      connectionString: options.url,
      applicationName,
      ...(options.listenRetryMs !== undefined ? { retryMs: options.listenRetryMs } : {}),
    });
    const poolStats = (): TPoolStats => ({
      max: options.poolSize ?? 10,
      total: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    });
    return { db, kind: 'postgres', listen, poolStats, close: () => db.destroy() };
  }
  if (options.dataDir) {
    await fs.mkdir(path.dirname(options.dataDir), { recursive: true });
    await initPgliteDataDirInChild(options.dataDir);
  }
  const pglite = new PGlite({
    extensions: PGLITE_EXTENSIONS,
    startParams: PGLITE_START_PARAMS,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [NUMERIC]: (v: string) => v, [DATE]: (v: string) => v, [INT8]: (v: string) => v },
  });
  await pglite.waitReady;
  const counted = countingDialect(new PGliteDialect({ pglite }));
  const db = new Kysely<Database>({ dialect: counted.dialect });
  return {
    db,
    kind: 'pglite',
    listen: pgliteListen(pglite),
    poolStats: counted.stats,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrate(db: TDb): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which one: with several
  // schemas in one database (the PostgreSQL tests) it would find another schema's and skip
  // creating its own. Its tables live in the current schema (first of search_path).
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  // Unordered: work on several branches at once gives migrations numbered in parallel (0025 can land
  // after 0027); a database that already ran 0027 must still run 0025 rather than refuse to start.
  // A migration adds its own objects or replaces its own functions and never drops what a running
  // instance of the previous version reads (a rolling upgrade runs both at once; decision 0040), so
  // the order between branches does not matter.
  // A migration may rewrite a large table, and a second instance starting at once waits for the
  // first one's migration lock: the pool's short statement and lock timeouts do not apply here.
  const { error, results } = await withLongWork(db, (connection) =>
    new Migrator({ db: connection, provider, migrationTableSchema: rows[0]!.schema, allowUnorderedMigrations: true }).migrateToLatest(),
  );
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
}

import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { TConfig } from './config.ts';
import { migrate, openDatabase, type TDatabase } from './db/database.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { pgliteDirOf } from './db/backup.ts';
import { seedDemo } from './db/seed/demo.ts';

/** Opens the configured database, migrates it, seeds demo data outside production, builds the app. */
export async function createRuntime(config: TConfig): Promise<{ app: FastifyInstance; database: TDatabase }> {
  let app: FastifyInstance | undefined;
  // PGlite serves one process: refuse to start while another process (a server, a backup or a
  // restore) has its folder (db/data-dir-lock.ts).
  const unlock = config.DATABASE_URL ? async () => {} : await lockDataDir(config.dataDir, 'server');
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          timeouts: {
            statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
            lockMs: config.DATABASE_LOCK_TIMEOUT_MS,
            idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
          },
          onConnectionError: (error) => app?.log.warn({ err: error }, 'a pooled database connection failed; the pool replaces it'),
        }
      : { dataDir: pgliteDirOf(config.dataDir) },
  ).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  try {
    await migrate(database.db);
    if (config.seedDemo) await seedDemo(database.db, { baseYear: config.CALCULATOR_BASE_YEAR ?? new Date().getUTCFullYear(), workspaces: true });
    app = await buildApp({
      config,
      db: database.db,
      listen: database.listen,
      poolStats: database.poolStats,
      closeDatabase: async () => {
        await database.close();
        await unlock();
      },
    });
    // The cities index is derived (in a child process) while the server starts, not on the first ask.
    const started = app;
    started.cities.prepare().catch((error: unknown) => started.log.warn({ err: error }, 'the cities index could not be derived; retried on the next ask'));
    return { app, database };
  } catch (error) {
    await database.close();
    await unlock();
    throw error;
  }
}

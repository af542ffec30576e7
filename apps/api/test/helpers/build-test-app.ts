import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type TConfig } from '../../src/config.ts';
import { openDatabase, type TDatabase, type TDb } from '../../src/db/database.ts';
import type { TMailTransport, TOutgoingMail } from '../../src/modules/mail/transport.ts';
import type { TPoolStats } from '../../src/db/pool-stats.ts';
import { TEST_BASE_YEAR } from './constants.ts';

export type TDbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DB_KINDS: TDbKind[] = process.env['TEST_DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];

export interface TTestApp {
  app: FastifyInstance;
  db: TDb;
  config: TConfig;
  /** Mails handed to the transport (after `app.mailer.drain()`). */
  sentMails: TOutgoingMail[];
  /** Every log line the app wrote, as text. */
  logs: string[];
  /** PostgreSQL only: another instance of the API on the same database (its own pool and listener). */
  openSibling?: () => Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  /** The database connections in use, idle and waited for (what the metrics report). */
  poolStats?: () => TPoolStats;
  /** PostgreSQL only: the schema of this test database. */
  schema?: string;
  /** PostgreSQL only: the name of this test's own database, and its URL. */
  databaseName?: string;
  databaseUrl?: string;
  close(): Promise<void>;
}

async function freshDatabase(kind: TDbKind): Promise<TDatabase & { drop?: () => Promise<void>; schema?: string; databaseName?: string; databaseUrl?: string; reopen?: () => Promise<TDatabase> }> {
  if (kind === 'pglite') {
    const template = await fs.readFile(inject('pgliteTemplate'));
    return openDatabase({ loadDataDir: new Blob([template]) });
  }
  // A database of its own, copied from the migrated and seeded template (global-setup.ts):
  // LISTEN/NOTIFY channels are per database, so test files can run side by side.
  const adminUrl = process.env['TEST_DATABASE_URL']!;
  const name = `kc_t_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const schema = 'public';
  // The LISTEN connection waits 1 s before reconnecting, so tests can act while it is down.
  const database = await openDatabase({ url: url.href, schema, poolSize: 5, listenRetryMs: 1000 });
  return {
    ...database,
    schema,
    databaseName: name,
    databaseUrl: url.href,
    reopen: () => openDatabase({ url: url.href, schema, poolSize: 2, listenRetryMs: 1000 }),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Builds the real app on a fresh, migrated and seeded database of the given kind. */
export async function buildTestApp(
  kind: TDbKind,
  options: { env?: Record<string, string>; mailTransport?: TMailTransport } = {},
): Promise<TTestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kc-api-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    MAIL_POLL_MS: '0',
    // Scheduled work stays off: a test runs the job itself, with its clock pinned.
    LEADS_JOB_POLL_MS: '0',
    // Jobs board (issue 17): the retention job runs only when a test calls it.
    JOBS_JOB_POLL_MS: '0',
    // Personal data (issue 16): the retention job runs only when a test calls it.
    PRIVACY_JOB_POLL_MS: '0',
    // The KC market (issue 18): the expiry job runs only when a test calls it.
    MARKET_JOB_POLL_MS: '0',
    CALCULATOR_BASE_YEAR: String(TEST_BASE_YEAR),
    WEB_DIR: path.join(dataDir, 'no-web'),
    ...options.env,
  });
  const database = await freshDatabase(kind);
  const sentMails: TOutgoingMail[] = [];
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const mailTransport: TMailTransport = options.mailTransport ?? {
    send: async (mail) => {
      sentMails.push(mail);
    },
    close: () => {},
  };
  const app = await buildApp({ config, db: database.db, listen: database.listen, poolStats: database.poolStats, mailTransport, logStream });
  await app.ready();
  const reopen = database.reopen;
  return {
    app,
    db: database.db,
    config,
    sentMails,
    logs,
    poolStats: database.poolStats,
    ...(database.schema ? { schema: database.schema } : {}),
    ...(database.databaseName ? { databaseName: database.databaseName, databaseUrl: database.databaseUrl } : {}),
    ...(reopen
      ? {
          openSibling: async () => {
            const sibling = await reopen();
            const siblingApp = await buildApp({ config, db: sibling.db, listen: sibling.listen, poolStats: sibling.poolStats, mailTransport, logStream });
            await siblingApp.ready();
            return {
              app: siblingApp,
              close: async () => {
                await siblingApp.close();
                await sibling.close();
              },
            };
          },
        }
      : {}),
    async close() {
      await app.close();
      await database.close();
      await database.drop?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

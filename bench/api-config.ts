import { hash } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';

/** The bench's SECOND_FACTOR_KEY (production refuses to start without one): public, for the bench only. */
export const BENCH_SECOND_FACTOR_KEY = hash('sha256', 'kc bench second factor key', 'hex');

/** Where bench/contracts.ts finds PostgreSQL. */
export const PG_HOST = process.env['BENCH_PG_HOST'] ?? '127.0.0.1:5432';
export const urlOf = (database: string) => `postgres://postgres@${PG_HOST}/${database}`;

/** One connection to a bench database for `work`, closed afterwards. */
export async function withClient<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The API's configuration in the bench: production, quiet logs, no mail worker, demo seed for the catalogue. */
export function apiConfig(database: string, env: Record<string, string> = {}) {
  return loadConfig({
    ...process.env,
    ...env,
    DATABASE_URL: urlOf(database),
    NODE_ENV: 'production',
    // Production needs its own key for the TOTP secrets (issue 18); the bench's is a public one of its own.
    SECOND_FACTOR_KEY: process.env['SECOND_FACTOR_KEY'] ?? BENCH_SECOND_FACTOR_KEY,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true', // companies, the OAuth client and the product catalogue
    MAIL_POLL_MS: '0',
    DATA_DIR: path.resolve(import.meta.dirname, '../var/bench'),
  });
}

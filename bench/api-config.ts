import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';

/** Where bench/contracts.ts finds PostgreSQL. */
export const PG_HOST = process.env['BENCH_PG_HOST'] ?? '127.0.0.1:5432';
export const urlOf = (database: string) => `postgres://postgres@${PG_HOST}/${database}`;

/** The API's configuration in the bench: production, quiet logs, no mail worker, demo seed for the catalogue. */
export function apiConfig(database: string, env: Record<string, string> = {}) {
  return loadConfig({
    ...process.env,
    ...env,
    DATABASE_URL: urlOf(database),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true', // companies, the OAuth client and the product catalogue
    MAIL_POLL_MS: '0',
    DATA_DIR: path.resolve(import.meta.dirname, '../var/bench'),
  });
}

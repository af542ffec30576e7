import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** Access tokens: only a SHA-256 hash of each token is stored; bound to a company; revocable. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE access_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      company_id text NOT NULL REFERENCES companies(id),
      client_id text NOT NULL REFERENCES oauth_clients(id),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX access_tokens_user ON access_tokens (user_id) WHERE revoked_at IS NULL;
  `);
}

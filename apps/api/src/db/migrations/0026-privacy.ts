import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Personal data: erasure and retention (issue 16, "Personal data"; docs/decisions/0027).
 * - `privacy_requests`: a person's erasure (or export) request; the one-time link's token is kept
 *   only as its SHA-256 hash, with its expiry and when it was confirmed (used once).
 * - `users.blocked_at`: from then on only ADMIN sees the person (every other role gets 404);
 *   `users.relationship_ended_at`: the end of the relationship (the erasure confirmed), the start of
 *   the AML period; `users.erased_at`: when the retention job erased the kept records for good.
 * Numbered 0026 (the decision record said 0023): a number below the last one applied would not run
 * on an existing database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE privacy_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      user_id uuid NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('EXPORT', 'ERASURE')),
      state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'CONFIRMED', 'SUPERSEDED')),
      token_hash text UNIQUE CHECK (token_hash IS NULL OR token_hash ~ '^[0-9a-f]{64}$'),
      expires_at timestamptz,
      confirmed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((state = 'CONFIRMED') = (confirmed_at IS NOT NULL))
    );
    CREATE INDEX privacy_requests_user ON privacy_requests (company_id, user_id, created_at DESC);
    ALTER TABLE users ADD COLUMN blocked_at timestamptz;
    ALTER TABLE users ADD COLUMN erased_at timestamptz;
    ALTER TABLE users ADD COLUMN relationship_ended_at timestamptz;
    CREATE INDEX users_retention ON users (id) WHERE relationship_ended_at IS NOT NULL AND erased_at IS NULL
  `);
}

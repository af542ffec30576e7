import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Changing one's own e-mail address (issue 18, docs/decisions/0037), tenant-scoped by `company_id`:
 * `email_changes` holds each request: the new address, the one-time link's token as its SHA-256
 * hash only, its expiry (60 minutes), and its state: PENDING until the link is opened (CONFIRMED,
 * once) or a later request replaces it (SUPERSEDED). At most one PENDING request per person.
 * The address in `users` changes only on confirmation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE email_changes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      user_id uuid NOT NULL REFERENCES users(id),
      new_email text NOT NULL CHECK (length(new_email) BETWEEN 3 AND 254 AND new_email = lower(new_email)),
      token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'CONFIRMED', 'SUPERSEDED')),
      expires_at timestamptz NOT NULL,
      confirmed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((state = 'CONFIRMED') = (confirmed_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX email_changes_one_pending ON email_changes (user_id) WHERE state = 'PENDING';
    CREATE INDEX email_changes_user ON email_changes (company_id, user_id, created_at DESC)
  `);
}

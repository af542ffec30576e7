import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * A repeat application waits for the mailbox's confirmation (issue 17, security review;
 * docs/decisions/0023-jobs-board.md, "Applications"): `job_application_updates` keeps what a
 * second submission for a live application sent (names, e-mail, phone, language, the CV's bytes
 * if one came), the one-time confirmation link's token as its SHA-256 hash only and its expiry.
 * The stored application changes only when the link is followed. One pending update per
 * application (a newer submission replaces it); deleted when applied, when the application is
 * withdrawn, erased or anonymised by the retention job, and by that job once expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE job_application_updates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      application_id uuid NOT NULL UNIQUE REFERENCES job_applications(id) ON DELETE CASCADE,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      language text NOT NULL CHECK (language IN ('es', 'en')),
      cv bytea,
      cv_file_name text,
      cv_size integer,
      token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((cv IS NULL) = (cv_file_name IS NULL) AND (cv IS NULL) = (cv_size IS NULL))
    );
    CREATE INDEX job_application_updates_expiry ON job_application_updates (expires_at)
  `);
}

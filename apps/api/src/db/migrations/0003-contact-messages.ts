import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** Messages sent through the public contact forms: which form, in which language, when, for which company. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE contact_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      form_kind text NOT NULL CHECK (form_kind IN ('general', 'finca-ganadera', 'finca-agricola')),
      language text NOT NULL CHECK (language IN ('es', 'en')),
      name text NOT NULL,
      surname text NOT NULL,
      email text NOT NULL,
      phone text,
      message text NOT NULL,
      accepted_privacy_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX contact_messages_company_created ON contact_messages (company_id, created_at DESC);
  `);
}

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Whose mail it is, and no live link in a sent mail (docs/decisions/0027-data-export-and-erasure.md,
 * "Mails, notifications and bank lines: only the person's own").
 *
 * - `user_id`: the person the mail was addressed to, when the address was a user's of the
 *   company when the mail was queued (filled by the outbox's insert). An erasure blanks the mails
 *   of its person by this id (by the address only for mails queued before this column or to an
 *   address no user had), never by a value the person chose. No foreign key: users are never
 *   deleted (an erasure anonymises the row and keeps it), and a `REFERENCES users` would take a
 *   SHARE ROW EXCLUSIVE lock on `users` here, stalling every write to it during a rolling upgrade.
 * - `about_address`: the lower-cased e-mail of the person whose data a mail to someone else
 *   carries (the contact form's copy to the company, the new client in the advisor's mail); that
 *   person's erasure blanks it.
 * - `scrubbed_at`: when the mail's bodies lost the secrets of their links. The statement that marks
 *   a mail SENT (or FAILED for good) sets it; the mail worker's batched pass (outbox-repository.ts
 *   `scrubSentMails`) does it for every mail sent before, or by an instance of the previous version
 *   during the rollout, found through `mail_outbox_unscrubbed`.
 *
 * Only cheap DDL: nullable columns without a default are a catalogue change; the indexes read the
 * table once. Kysely runs pending migrations in one transaction: no scrub of old rows here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE mail_outbox ADD COLUMN user_id uuid;
    ALTER TABLE mail_outbox ADD COLUMN about_address text;
    ALTER TABLE mail_outbox ADD COLUMN scrubbed_at timestamptz;
    CREATE INDEX mail_outbox_user ON mail_outbox (user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX mail_outbox_about ON mail_outbox (company_id, about_address) WHERE about_address IS NOT NULL;
    CREATE INDEX mail_outbox_unscrubbed ON mail_outbox (id) WHERE scrubbed_at IS NULL AND status <> 'PENDING'
  `);
}

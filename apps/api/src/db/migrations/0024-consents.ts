import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Consent records (issue 16, part consents; docs/decisions/0028-consent-records.md): every
 * consent given, refused or withdrawn, with the version of the text and when. Append-only: a
 * change is a new row; a trigger refuses DELETE and any UPDATE except the ON DELETE SET NULL of a
 * link (erasure of the user, message or application it belongs to). A row belongs to a user
 * (sign-up, account, cookie dialog when signed in), a contact message or a job application
 * (whose senders have no account): no personal data of its own is copied here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE consent_records (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      contact_message_id uuid REFERENCES contact_messages(id) ON DELETE SET NULL,
      job_application_id uuid REFERENCES job_applications(id) ON DELETE SET NULL,
      purpose text NOT NULL CHECK (purpose IN ('cookies', 'privacyPolicy', 'candidateDataProtection', 'marketing')),
      choice text NOT NULL CHECK (choice IN ('given', 'refused', 'withdrawn')),
      text_version text NOT NULL CHECK (length(text_version) BETWEEN 1 AND 64),
      source text NOT NULL CHECK (source IN ('cookieDialog', 'signUp', 'contactForm', 'jobApplication', 'account')),
      recorded_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX consent_records_user ON consent_records (company_id, user_id, recorded_at DESC)
  `);
  await sql
    .raw(
      `CREATE FUNCTION kc_consent_records_append_only() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.id, NEW.company_id, NEW.purpose, NEW.choice, NEW.text_version, NEW.source, NEW.recorded_at)
         = (OLD.id, OLD.company_id, OLD.purpose, OLD.choice, OLD.text_version, OLD.source, OLD.recorded_at)
     AND (NEW.user_id IS NULL OR NEW.user_id = OLD.user_id)
     AND (NEW.contact_message_id IS NULL OR NEW.contact_message_id = OLD.contact_message_id)
     AND (NEW.job_application_id IS NULL OR NEW.job_application_id = OLD.job_application_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'consent_records is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER consent_records_append_only BEFORE UPDATE OR DELETE ON consent_records FOR EACH ROW EXECUTE FUNCTION kc_consent_records_append_only()`,
    )
    .execute(db);
}

import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ConsentRecordsTable, Database } from '../../db/schema.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;
export type TConsentRow = Selectable<ConsentRecordsTable>;

export interface TNewConsent {
  companyId: string;
  userId?: string | null;
  contactMessageId?: string | null;
  jobApplicationId?: string | null;
  purpose: string;
  choice: string;
  textVersion: string;
  source: string;
}

/** Appends consent records (never updates one). */
export async function insertConsents(db: TExecutor, rows: readonly TNewConsent[]): Promise<TConsentRow[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('consent_records')
    .values(
      rows.map((row) => ({
        company_id: row.companyId,
        user_id: row.userId ?? null,
        contact_message_id: row.contactMessageId ?? null,
        job_application_id: row.jobApplicationId ?? null,
        purpose: row.purpose,
        choice: row.choice,
        text_version: row.textVersion,
        source: row.source,
      })),
    )
    .returningAll()
    .execute();
}

/** A user's consent records, newest first. */
export async function findUserConsents(db: TExecutor, companyId: string, userId: string): Promise<TConsentRow[]> {
  return db
    .selectFrom('consent_records')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Serialises a user's changes of consent (two tabs clicking at once record in order). */
export async function lockUserConsents(tx: Transaction<Database>, companyId: string, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`consents:${companyId}:${userId}`}, 0))`.execute(tx);
}

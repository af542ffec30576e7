import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, TMailRow } from '../../db/schema.ts';
import { changedRows, type TErasedPerson, type TErasureCounts } from '../../lib/erasure.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

export interface TNewMail {
  companyId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const MAX_ATTEMPTS = 8;
const LOCK_SECONDS = 120;

export async function insertMail(db: TExecutor, mail: TNewMail): Promise<void> {
  await insertMails(db, [mail]);
}

/** Several mails in one statement (one round trip), in the given order. */
export async function insertMails(db: TExecutor, mails: readonly TNewMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insertInto('mail_outbox')
    .values(
      mails.map((mail) => ({
        company_id: mail.companyId,
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
      })),
    )
    .execute();
}

/**
 * Claims up to `limit` due mails for this worker. `FOR UPDATE SKIP LOCKED` lets several API
 * instances poll one database: a mail is claimed by exactly one of them, and the lease
 * (`locked_until`) hands it to another only if its worker died mid-send.
 */
export async function claimDueMails(db: Kysely<Database>, limit: number): Promise<TMailRow[]> {
  const result = await sql<TMailRow>`
    UPDATE mail_outbox SET locked_until = now() + make_interval(secs => ${LOCK_SECONDS})
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE status = 'PENDING' AND next_attempt_at <= now()
        AND (locked_until IS NULL OR locked_until < now())
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return result.rows;
}

export async function markSent(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'SENT', sent_at: new Date(), locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Exponential backoff: 30 s, 1 min, 2 min … up to 1 hour; FAILED after MAX_ATTEMPTS. */
export async function markAttemptFailed(db: Kysely<Database>, mail: TMailRow, error: string): Promise<void> {
  const attempts = mail.attempts + 1;
  const delaySeconds = Math.min(3600, 30 * 2 ** (attempts - 1));
  await db
    .updateTable('mail_outbox')
    .set({
      attempts,
      status: attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING',
      next_attempt_at: new Date(Date.now() + delaySeconds * 1000),
      locked_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', mail.id)
    .execute();
}

export interface TMailBacklog {
  /** Mails still to send (due now or waiting for a retry). */
  pending: number;
  /** Seconds since the oldest mail that is due now became due; 0 when none is due. */
  oldestDueSeconds: number;
}

/**
 * The outbox's backlog in one statement over the partial index `mail_outbox_pending`
 * (next_attempt_at, status = 'PENDING'): cheap enough for every metrics scrape.
 */
export async function readBacklog(db: Kysely<Database>): Promise<TMailBacklog> {
  const result = await sql<{ pending: number | string; oldest_due_seconds: number | string | null }>`
    SELECT count(*) AS pending,
      extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now())) AS oldest_due_seconds
    FROM mail_outbox WHERE status = 'PENDING'`.execute(db);
  const row = result.rows[0];
  return { pending: Number(row?.pending ?? 0), oldestDueSeconds: Math.max(0, Number(row?.oldest_due_seconds ?? 0)) };
}

/** Personal data export (issue 16): the mails of a company to one address (case ignored), oldest first. */
export async function findMailsToAddress(db: TExecutor, companyId: string, address: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'created_at', 'sent_at', 'status', 'subject', 'text_body'])
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(to_address) = lower(${address})`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/**
 * Mails to the person are blanked. A mail to someone else holding a value that names only them
 * (the contact form's copy to the company, a lead's mail to an agent) loses its content; their
 * name is replaced wherever else it appears.
 */
export async function eraseMails(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const { anon, strong, pattern } = person;
  const result = await tx
    .updateTable('mail_outbox')
    .set({ to_address: anon, subject: anon, text_body: anon, html_body: anon, last_error: null })
    .where(sql<boolean>`lower(to_address) = ${person.email}`)
    .executeTakeFirst();
  if (strong) {
    await tx
      .updateTable('mail_outbox')
      .set({ subject: anon, text_body: anon, html_body: anon })
      .where(sql<boolean>`(subject || text_body || html_body) ~* ${strong}`)
      .execute();
  }
  if (pattern) {
    await tx
      .updateTable('mail_outbox')
      .set({
        subject: sql`regexp_replace(subject, ${pattern}, ${anon}, 'gi')`,
        text_body: sql`regexp_replace(text_body, ${pattern}, ${anon}, 'gi')`,
        html_body: sql`regexp_replace(html_body, ${pattern}, ${anon}, 'gi')`,
      })
      .where(sql<boolean>`(subject || text_body || html_body) ~* ${pattern}`)
      .execute();
  }
  return { mails: changedRows(result) };
}

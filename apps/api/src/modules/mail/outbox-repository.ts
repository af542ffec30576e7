import { sql, type Expression, type ExpressionBuilder, type Kysely, type QueryCreator, type SqlBool, type Transaction } from 'kysely';
import type { Database, TMailRow } from '../../db/schema.ts';
import { changedRows, type TErasedPerson, type TErasureCounts } from '../../lib/erasure.ts';
import { LINK_SECRET_PATTERN, SCRUBBED_SECRET_SQL_REPLACEMENT } from '../../lib/link-secrets.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

export interface TNewMail {
  companyId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The user the mail is for, when the address is not (yet) theirs (a new address to confirm); else looked up by address. */
  userId?: string | null;
  /**
   * The lower-cased e-mail of the person whose data a mail to someone else carries (the contact
   * form's copy to the company, the new client in the advisor's mail): their erasure blanks it.
   */
  about?: string | null;
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
        // Whose mail it is: the company's user with that address now, if any (unique per company).
        user_id: mail.userId ?? sql<string | null>`(SELECT u.id FROM users u WHERE u.company_id = ${mail.companyId} AND lower(u.email) = lower(${mail.to}))`,
        about_address: mail.about ? mail.about.toLowerCase() : null,
      })),
    )
    .execute();
}

/**
 * One mail to a known user, queued only when `condition` holds: a part (a CTE) of another
 * module's statement, so that the mail is saved in the same statement as what it tells (a
 * sign-in's write) and costs no round trip of its own.
 */
export function insertMailWhen<DB extends Database>(qb: QueryCreator<DB>, mail: TNewMail & { userId: string }, condition: Expression<SqlBool>) {
  return qb
    .insertInto('mail_outbox')
    .columns(['company_id', 'to_address', 'subject', 'text_body', 'html_body', 'user_id'])
    .expression(
      sql`SELECT ${mail.companyId}::text, ${mail.to}::text, ${mail.subject}::text, ${mail.text}::text, ${mail.html}::text, ${mail.userId}::uuid WHERE ${condition}`,
    );
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

/**
 * A body without the secrets of its links (lib/link-secrets.ts), computed by PostgreSQL on the
 * row's value at the time of the UPDATE: never on a copy read before, which an erasure may have
 * blanked since (the claim commits on its own and the erasure ignores `locked_until`).
 */
const scrubbed = (column: 'text_body' | 'html_body') =>
  sql<string>`regexp_replace(${sql.ref(column)}, ${LINK_SECRET_PATTERN}, ${SCRUBBED_SECRET_SQL_REPLACEMENT}, 'gi')`;

/** What a statement that ends a mail's life (SENT, or FAILED for good) also sets: its bodies scrubbed, and when. */
const scrubbedNow = () => ({ text_body: scrubbed('text_body'), html_body: scrubbed('html_body'), scrubbed_at: sql<Date>`now()` });

/**
 * Marks a mail sent and, in the same statement, keeps its bodies without the secrets of their
 * links: the one-time tokens live only in the mail delivered, never in a stored row once it is no
 * longer needed to send it.
 */
export async function markSent(db: Kysely<Database>, mail: Pick<TMailRow, 'id'>): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'SENT', sent_at: new Date(), locked_until: null, last_error: null, ...scrubbedNow() })
    .where('id', '=', mail.id)
    .execute();
}

/** Exponential backoff: 30 s, 1 min, 2 min … up to 1 hour; FAILED after MAX_ATTEMPTS. */
export async function markAttemptFailed(db: Kysely<Database>, mail: TMailRow, error: string): Promise<void> {
  const attempts = mail.attempts + 1;
  const delaySeconds = Math.min(3600, 30 * 2 ** (attempts - 1));
  const givenUp = attempts >= MAX_ATTEMPTS;
  await db
    .updateTable('mail_outbox')
    .set({
      attempts,
      status: givenUp ? 'FAILED' : 'PENDING',
      // A mail given up is never sent: its links' secrets go, as a sent one's.
      ...(givenUp ? scrubbedNow() : {}),
      next_attempt_at: new Date(Date.now() + delaySeconds * 1000),
      locked_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', mail.id)
    .execute();
}

/** Mails scrubbed by one statement of the worker's pass: a short statement, few row locks. */
export const SCRUB_BATCH = 200;

/**
 * One batch of the mail worker's scrub of mails no longer to send (SENT, FAILED) whose bodies
 * still hold their links' secrets: those sent before migration 0042, or by an instance of the
 * previous version during a rolling upgrade. Rows come from the partial index
 * `mail_outbox_unscrubbed` (empty once done: one index probe), in id order; `FOR UPDATE SKIP
 * LOCKED` lets every instance run it at once without waiting on each other, or on an erasure
 * holding a row (the erasure's blanked body has nothing to scrub, and a skipped row is taken by a
 * later pass). Returns how many rows it stamped.
 */
export async function scrubSentMails(db: Kysely<Database>, limit: number = SCRUB_BATCH): Promise<number> {
  const result = await sql`
    UPDATE mail_outbox SET
      text_body = ${scrubbed('text_body')},
      html_body = ${scrubbed('html_body')},
      scrubbed_at = now()
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE scrubbed_at IS NULL AND status <> 'PENDING'
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
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

/**
 * The person's own mails, as the erasure finds them (docs/decisions/0027): in their company, queued
 * for their account (`user_id`), or to their address when no user had it (`user_id` NULL). Never
 * another person's mail to the same address (an address they had before, or one they share).
 */
const ownMails = (companyId: string, userId: string, email: string) => (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
  eb.and([
    eb('company_id', '=', companyId),
    eb.or([eb('user_id', '=', userId), eb.and([eb('user_id', 'is', null), eb(sql`lower(to_address)`, '=', email.toLowerCase())])]),
  ]);

/** Personal data export (issue 16): the person's own mails (as their erasure finds them), oldest first. */
export async function findMailsOfPerson(db: TExecutor, person: { companyId: string; userId: string; email: string }) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'created_at', 'sent_at', 'status', 'subject', 'text_body'])
    .where(ownMails(person.companyId, person.userId, person.email))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/**
 * The person's own mails, in their company only: those addressed to them (queued for their
 * account, or to their address when no user had it) are blanked, address included; those to
 * someone else that carry their data (`about_address`: the contact form's copy, the advisor's
 * mail about a new client) lose their content. No other mail is read or changed: never one found
 * by a value the person chose (their name, a phone), never another company's, never another
 * person's pending mail (docs/decisions/0027).
 */
export async function eraseMails(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const { anon } = person;
  const result = await tx
    .updateTable('mail_outbox')
    .set({ to_address: anon, subject: anon, text_body: anon, html_body: anon, last_error: null, about_address: null })
    .where(ownMails(person.companyId, person.id, person.email))
    .executeTakeFirst();
  const about = await tx
    .updateTable('mail_outbox')
    .set({ subject: anon, text_body: anon, html_body: anon, about_address: null })
    .where('company_id', '=', person.companyId)
    .where('about_address', '=', person.email)
    .executeTakeFirst();
  return { mails: changedRows(result) + changedRows(about) };
}

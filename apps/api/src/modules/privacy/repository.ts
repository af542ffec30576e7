import { sql, type Kysely, type Transaction } from 'kysely';
import { LIVE_CONTRACT_STATES } from '@kc/domain';
import type { Database } from '../../db/schema.ts';

/**
 * Personal data (issue 16, docs/decisions/0027): the SQL of the erasure and the retention job.
 * The export (files `export-*.ts`, another helper) keeps its own queries.
 */
type TExecutor = Kysely<Database> | Transaction<Database>;

// --- Erasure requests ----------------------------------------------------------------------

/** Earlier pending erasure links of the person stop working when a new one is sent. */
export async function supersedePendingErasures(tx: TExecutor, companyId: string, userId: string): Promise<void> {
  await tx
    .updateTable('privacy_requests')
    .set({ state: 'SUPERSEDED' })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'ERASURE')
    .where('state', '=', 'PENDING')
    .execute();
}

export async function insertErasureRequest(tx: TExecutor, input: { companyId: string; userId: string; tokenHash: string; expiresAt: Date; at: Date }): Promise<string> {
  const row = await tx
    .insertInto('privacy_requests')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      kind: 'ERASURE',
      token_hash: input.tokenHash,
      expires_at: input.expiresAt,
      created_at: input.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The erasure request a link names, locked (two confirmations of one link queue; the second finds it used). */
export function findErasureRequestForUpdate(tx: Transaction<Database>, tokenHash: string) {
  return tx
    .selectFrom('privacy_requests')
    .select(['id', 'company_id', 'user_id', 'state', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'ERASURE')
    .forUpdate()
    .executeTakeFirst();
}

export async function markErasureConfirmed(tx: TExecutor, requestId: string, at: Date): Promise<void> {
  await tx.updateTable('privacy_requests').set({ state: 'CONFIRMED', confirmed_at: at }).where('id', '=', requestId).execute();
}

// --- The person -----------------------------------------------------------------------------

const PERSON_COLUMNS = [
  'id',
  'company_id',
  'email',
  'first_name',
  'last_name',
  'phone',
  'dni',
  'ethereum_wallet',
  'language',
  'is_active',
  'blocked_at',
  'erased_at',
  'relationship_ended_at',
] as const;

export function findPerson(db: TExecutor, companyId: string, userId: string) {
  return db.selectFrom('users').select([...PERSON_COLUMNS]).where('company_id', '=', companyId).where('id', '=', userId).executeTakeFirst();
}

/** The person's row, locked for the erasure or a retention step. */
export function lockPerson(tx: Transaction<Database>, companyId: string, userId: string) {
  return tx.selectFrom('users').select([...PERSON_COLUMNS]).where('company_id', '=', companyId).where('id', '=', userId).forUpdate().executeTakeFirst();
}

export type TPersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** The person's contracts (any state), oldest first. */
export function listPersonContracts(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('contracts')
    .select(['id', 'product_key', 'state', 'submission_date'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The AML records kept of a person: their contracts and payment records. */
export async function countKeptRecords(db: TExecutor, companyId: string, userId: string): Promise<{ contracts: number; payments: number }> {
  const row = await db
    .selectNoFrom([
      sql<string>`(SELECT count(*) FROM contracts WHERE company_id = ${companyId} AND user_id = ${userId})`.as('contracts'),
      sql<string>`(SELECT count(*) FROM payments WHERE company_id = ${companyId} AND user_id = ${userId})`.as('payments'),
    ])
    .executeTakeFirstOrThrow();
  return { contracts: Number(row.contracts), payments: Number(row.payments) };
}

// --- Anonymisation --------------------------------------------------------------------------

/** Escapes a literal for a PostgreSQL regular expression. */
const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Values as one case-insensitive regular expression; null when none is long enough to be safe. */
function patternOf(values: (string | null | undefined)[]): string | null {
  const kept = [...new Set(values.filter((v): v is string => typeof v === 'string' && v.trim().length >= 5).map((v) => escapeRegex(v.trim())))];
  return kept.length > 0 ? kept.join('|') : null;
}

/**
 * The person's identifying values, to find them where they were copied into other rows (mails to
 * the company or their advisor, notifications, bank statement lines): `strong` values name only
 * them (e-mail, DNI, phones, wallet: a row holding one is about them and is blanked), `name` their
 * full name (replaced where it appears).
 */
export async function identifyingPatterns(db: TExecutor, person: TPersonRow): Promise<{ strong: string | null; name: string | null }> {
  const email = person.email.toLowerCase();
  const phones = await db
    .selectFrom('contact_messages')
    .select('phone')
    .where('company_id', '=', person.company_id)
    .where(sql<boolean>`lower(email) = ${email}`)
    .union(db.selectFrom('job_applications').select('phone').where('company_id', '=', person.company_id).where(sql<boolean>`lower(email) = ${email}`))
    .union(db.selectFrom('leads').select('phone').where('company_id', '=', person.company_id).where(sql<boolean>`lower(email) = ${email}`))
    .execute();
  return {
    strong: patternOf([person.email, person.dni, person.phone, person.ethereum_wallet, ...phones.map((p) => p.phone)]),
    name: patternOf([`${person.first_name} ${person.last_name}`]),
  };
}

/**
 * Replaces every personal field of the person by `anonimizado-<id>` (text that must stay) or NULL
 * (optional fields, the birth date), everywhere it lives, in the caller's transaction: the account
 * (deactivated, blocked, its relationship ended), payment methods, notifications (theirs deleted;
 * other people's items about them rewritten), mails (to them blanked; others' rewritten), contact
 * messages, job applications and leads by their e-mail, advisors' notes, documents (derived PDFs
 * carrying the name: regenerated on demand from the anonymised data), sign-up and password links.
 * Kept, blocked: contracts, their events, payments and ledger lines (ids and amounts only).
 * Returns what it changed, as counts.
 */
export async function anonymisePerson(tx: Transaction<Database>, person: TPersonRow, at: Date, options: { endRelationship: boolean }) {
  const id = person.id;
  const anon = `anonimizado-${id}`;
  const companyId = person.company_id;
  const { strong, name } = await identifyingPatterns(tx, person);
  const pattern = [strong, name].filter(Boolean).join('|') || null;
  const email = person.email.toLowerCase();
  const done: Record<string, number> = {};
  const n = (r: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined) => Number(r?.numUpdatedRows ?? r?.numDeletedRows ?? 0n);

  // Contact messages, job applications and leads: found by the e-mail before it is replaced.
  done['contactMessages'] = n(
    await tx
      .updateTable('contact_messages')
      .set({ name: anon, surname: anon, email: anon, phone: null, message: anon })
      .where('company_id', '=', companyId)
      .where(sql<boolean>`lower(email) = ${email}`)
      .executeTakeFirst(),
  );
  const applications = await tx
    .updateTable('job_applications')
    .set({
      first_name: anon,
      last_name: anon,
      email: null,
      email_key: null,
      phone: null,
      note: null,
      cv: null,
      cv_file_name: null,
      cv_size: null,
      withdraw_token_hash: null,
      withdraw_token_expires_at: null,
      anonymised_at: at,
      updated_at: at,
    })
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(email) = ${email}`)
    .returning('id')
    .execute();
  done['jobApplications'] = applications.length;
  if (applications.length > 0) {
    await tx
      .updateTable('job_application_status_history')
      .set({ note: null })
      .where(
        'application_id',
        'in',
        applications.map((a) => a.id),
      )
      .execute();
  }
  done['leads'] = n(
    await tx
      .updateTable('leads')
      .set({ first_name: anon, last_name: anon, email: anon, email_key: anon, phone: null, note: null, discard_reason: null, updated_at: at })
      .where('company_id', '=', companyId)
      .where((eb) => eb.or([eb('converted_user_id', '=', id), eb(sql`lower(email)`, '=', email)]))
      .executeTakeFirst(),
  );

  // Mails: those to the person are blanked; others' mails that name them are rewritten.
  done['mails'] = n(
    await tx
      .updateTable('mail_outbox')
      .set({ to_address: anon, subject: anon, text_body: anon, html_body: anon, last_error: null })
      .where(sql<boolean>`lower(to_address) = ${email}`)
      .executeTakeFirst(),
  );
  if (strong) {
    // A mail to someone else holding their e-mail, DNI or phone is about them (the contact form's
    // copy to the company, a lead's mail to an agent): its content goes.
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

  // Notifications: the person's own inbox goes; items about them in others' inboxes are rewritten.
  await tx.deleteFrom('notification_stream_tickets').where('user_id', '=', id).execute();
  await tx.deleteFrom('notification_events').where('user_id', '=', id).execute();
  done['notifications'] = n(await tx.deleteFrom('notifications').where('user_id', '=', id).executeTakeFirst());
  await tx.updateTable('notification_inboxes').set({ unread: 0 }).where('user_id', '=', id).execute();
  if (pattern) {
    await tx
      .updateTable('notifications')
      .set({
        params: sql`(SELECT coalesce(jsonb_object_agg(key, CASE WHEN jsonb_typeof(value) = 'string' AND value #>> '{}' ~* ${pattern} THEN to_jsonb(${anon}::text) ELSE value END), '{}'::jsonb) FROM jsonb_each(params))`,
      })
      .where('company_id', '=', companyId)
      .where(sql<boolean>`params::text ~* ${pattern}`)
      .execute();
  }

  // Bank statement lines of their contracts may carry the payer's name.
  if (pattern) {
    await tx
      .updateTable('bank_statement_lines')
      .set({ description: sql`regexp_replace(description, ${pattern}, ${anon}, 'gi')`, reference: sql`regexp_replace(reference, ${pattern}, ${anon}, 'gi')` })
      .where('company_id', '=', companyId)
      .where(sql<boolean>`(description || reference) ~* ${pattern}`)
      .execute();
  }

  // Payment methods: only what identifies nothing stays (the kind, when it was added).
  done['paymentMethods'] = n(
    await tx
      .updateTable('payment_preferences')
      .set({ card_brand: null, card_last4: null, card_expiry: null, ethereum_address: null, iban_last4: null, removed_at: sql`coalesce(removed_at, ${at})` })
      .where('user_id', '=', id)
      .executeTakeFirst(),
  );
  done['notes'] = n(await tx.updateTable('client_notes').set({ body: anon }).where('client_id', '=', id).executeTakeFirst());
  done['documents'] = n(await tx.deleteFrom('customer_documents').where('user_id', '=', id).executeTakeFirst());
  await tx.deleteFrom('sign_up_confirmations').where('user_id', '=', id).execute();
  await tx.deleteFrom('password_tokens').where('user_id', '=', id).execute();
  // Strong authentication (issue 18): the authenticator secret, recovery codes and half-done logins go.
  await tx.deleteFrom('user_totp').where('user_id', '=', id).execute();
  await tx.deleteFrom('recovery_codes').where('user_id', '=', id).execute();
  await tx.deleteFrom('mfa_tokens').where('user_id', '=', id).execute();
  // Passkeys (issue 18): the credentials and their pending challenges name the person's devices.
  await tx.deleteFrom('webauthn_challenges').where('user_id', '=', id).execute();
  await tx.deleteFrom('passkeys').where('user_id', '=', id).execute();

  // The account itself: deactivated (the deactivation path's column; the caller revokes tokens),
  // blocked, every personal field replaced.
  await tx
    .updateTable('users')
    .set({
      email: anon,
      password_hash: '!erased',
      first_name: anon,
      last_name: anon,
      phone: null,
      dni: null,
      date_of_birth: null,
      country_id: null,
      city_id: null,
      postal_code: null,
      company_name: null,
      company_tax_id: null,
      billing_address_line1: null,
      billing_address_line2: null,
      billing_country: null,
      billing_state: null,
      billing_city: null,
      billing_postal_code: null,
      ethereum_wallet: null,
      is_active: false,
      blocked_at: sql`coalesce(blocked_at, ${at})`,
      ...(options.endRelationship ? { relationship_ended_at: sql`coalesce(relationship_ended_at, ${at})` } : {}),
      last_modified_at: at,
    })
    .where('id', '=', id)
    .execute();
  return done;
}

// --- Retention ------------------------------------------------------------------------------

/**
 * One batch of people the retention job looks at (relationship ended or consent withdrawn, not
 * yet erased), after `afterId`, leased with FOR UPDATE SKIP LOCKED: another runner skips them
 * until this transaction commits, and then sees their new state.
 */
export function leaseRetentionCandidates(tx: Transaction<Database>, afterId: string | null, limit: number) {
  let query = tx
    .selectFrom('users as u')
    .select(['u.id', 'u.company_id', 'u.blocked_at', 'u.erased_at', 'u.relationship_ended_at'])
    .where('u.erased_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('u.relationship_ended_at', 'is not', null),
        eb.exists(
          eb
            .selectFrom('consent_records as r')
            .select(sql`1`.as('one'))
            .whereRef('r.user_id', '=', 'u.id')
            .where('r.purpose', '=', 'privacyPolicy')
            .where('r.choice', '=', 'withdrawn'),
        ),
      ]),
    );
  if (afterId) query = query.where('u.id', '>', afterId);
  return query.orderBy('u.id').limit(limit).forUpdate().skipLocked().execute();
}

/**
 * Customers whose relationship has ended (issue 16, specification section 9): every contract of
 * theirs ARCHIVED or DELETED. The end is the last time one of them reached that state (its event, or
 * its creation when it has none), on or before `now`. Stamped once (`relationship_ended_at` still
 * empty); the retention rules then block their data at once and erase the kept records later.
 * Two runners at once: the second's UPDATE re-reads each row after the first commits and skips it.
 */
export async function stampEndedRelationships(tx: Transaction<Database>, now: Date): Promise<{ id: string; company_id: string }[]> {
  const result = await sql<{ id: string; company_id: string }>`
    UPDATE users u SET relationship_ended_at = x.ended_at, last_modified_at = ${now}
    FROM (
      SELECT c.user_id, max(coalesce(e.at, c.created_at)) AS ended_at
      FROM contracts c
      LEFT JOIN contract_events e ON e.contract_id = c.id AND e.to_state IN ('ARCHIVED', 'DELETED')
      GROUP BY c.user_id
      HAVING bool_and(c.state IN ('ARCHIVED', 'DELETED'))
    ) x
    WHERE u.id = x.user_id AND u.relationship_ended_at IS NULL AND u.erased_at IS NULL AND x.ended_at <= ${now}
    RETURNING u.id, u.company_id`.execute(tx);
  return result.rows;
}

/**
 * Customers who came back: a relationship noted as ended, but a live contract (NEW, ACTIVE,
 * STANDBY) again. The end is forgotten, and a block that came from it is lifted (not one that
 * comes from a withdrawn privacy consent; never an erased person, whose account is closed).
 */
export async function resumeRelationships(tx: Transaction<Database>, now: Date): Promise<{ id: string; company_id: string }[]> {
  const result = await sql<{ id: string; company_id: string }>`
    UPDATE users u SET relationship_ended_at = NULL, last_modified_at = ${now},
      blocked_at = CASE
        WHEN EXISTS (SELECT 1 FROM consent_records r WHERE r.user_id = u.id AND r.purpose = 'privacyPolicy' AND r.choice = 'withdrawn') THEN u.blocked_at
        ELSE NULL
      END
    WHERE u.relationship_ended_at IS NOT NULL AND u.erased_at IS NULL AND u.is_active
      AND u.email NOT LIKE 'anonimizado-%'
      AND EXISTS (SELECT 1 FROM contracts c WHERE c.user_id = u.id AND c.state IN ('NEW', 'ACTIVE', 'STANDBY'))
    RETURNING u.id, u.company_id`.execute(tx);
  return result.rows;
}

/** Whether any AML record (contract or payment) of the person exists. */
export async function hasAmlRecords(db: TExecutor, userId: string): Promise<boolean> {
  const row = await db
    .selectNoFrom([sql<boolean>`EXISTS (SELECT 1 FROM contracts WHERE user_id = ${userId}) OR EXISTS (SELECT 1 FROM payments WHERE user_id = ${userId})`.as('has')])
    .executeTakeFirstOrThrow();
  return Boolean(row.has);
}

export async function markBlocked(tx: TExecutor, userId: string, at: Date): Promise<void> {
  await tx.updateTable('users').set({ blocked_at: at, last_modified_at: at }).where('id', '=', userId).where('blocked_at', 'is', null).execute();
}

/**
 * The end of the kept period: what the kept records still held beyond ids and amounts goes (the
 * contract's suitability answers and figures, the reasons typed in its history), and the person is
 * marked erased. The contracts, payments and ledger lines stay as anonymous figures: the company's
 * books must still balance (the ledger is append-only, decision 0018).
 */
export async function eraseKeptRecords(tx: Transaction<Database>, userId: string, at: Date): Promise<{ assessments: number }> {
  await tx.deleteFrom('contract_investor_protection').where('contract_id', 'in', (eb) => eb.selectFrom('contracts').select('id').where('user_id', '=', userId)).execute();
  const assessments = await tx.deleteFrom('appropriateness_assessments').where('user_id', '=', userId).executeTakeFirst();
  await tx
    .updateTable('contract_events')
    .set({ reason: null })
    .where('contract_id', 'in', (eb) => eb.selectFrom('contracts').select('id').where('user_id', '=', userId))
    .where('reason', 'is not', null)
    .execute();
  await tx.updateTable('users').set({ erased_at: at, last_modified_at: at }).where('id', '=', userId).execute();
  return { assessments: Number(assessments.numDeletedRows) };
}

/** The live contracts' states, for the service's check (NEW, ACTIVE, STANDBY). */
export const LIVE_STATES = LIVE_CONTRACT_STATES;

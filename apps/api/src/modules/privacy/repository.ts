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

/** The end of the kept period reached: the person is marked erased (privacy's column of the account, migration 0026). */
export async function markErased(tx: TExecutor, userId: string, at: Date): Promise<void> {
  await tx.updateTable('users').set({ erased_at: at, last_modified_at: at }).where('id', '=', userId).execute();
}

/** The live contracts' states, for the service's check (NEW, ACTIVE, STANDBY). */
export const LIVE_STATES = LIVE_CONTRACT_STATES;

import { sql, type Kysely, type Transaction } from 'kysely';
import type { TApplicationListQuery } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import type { TErasedPerson, TErasureCounts } from '../../lib/erasure.ts';

/** The applications' SQL of the jobs board (issue 17); the offers' is in repository.ts. Scoped by company. */
type TExecutor = Kysely<Database> | Transaction<Database>;

/** `%`, `_` and `\` match themselves in a LIKE. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export const APPLICATION_COLUMNS = [
  'a.id',
  'a.company_id',
  'a.offer_id',
  'a.first_name',
  'a.last_name',
  'a.email',
  'a.phone',
  'a.language',
  'a.status',
  'a.note',
  'a.consent_at',
  'a.cv_file_name',
  'a.cv_size',
  'a.submissions',
  'a.created_at',
  'a.updated_at',
  'a.anonymised_at',
] as const;

/** The candidate's live application to an offer (by folded e-mail), locked for the update. */
export function findLiveApplicationForUpdate(tx: TExecutor, offerId: string, emailKey: string) {
  return tx
    .selectFrom('job_applications as a')
    .select([...APPLICATION_COLUMNS])
    .where('a.offer_id', '=', offerId)
    .where('a.email_key', '=', emailKey)
    .where('a.anonymised_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export interface TApplicationValues {
  first_name: string;
  last_name: string;
  email: string;
  email_key: string;
  phone: string;
  language: 'es' | 'en';
  consent_at: Date;
  withdraw_token_hash: string;
  withdraw_token_expires_at: Date;
  /** Undefined keeps the stored CV (an update without a new file). */
  cv?: { bytes: Buffer; fileName: string } | undefined;
}

const cvColumns = (cv: TApplicationValues['cv']) => (cv ? { cv: cv.bytes, cv_file_name: cv.fileName, cv_size: cv.bytes.length } : {});

export async function insertApplication(tx: TExecutor, companyId: string, offerId: string, values: TApplicationValues) {
  const { cv, ...rest } = values;
  return tx
    .insertInto('job_applications')
    .values({ company_id: companyId, offer_id: offerId, ...rest, ...cvColumns(cv) })
    .returning(['id', 'created_at', 'updated_at', 'cv_size'])
    .executeTakeFirstOrThrow();
}

/** A second application to the same offer: the candidate's data replaced, the first one kept. */
export async function updateApplicationBySubmission(tx: TExecutor, applicationId: string, values: TApplicationValues, at: Date) {
  const { cv, ...rest } = values;
  return tx
    .updateTable('job_applications')
    .set((eb) => ({ ...rest, ...cvColumns(cv), submissions: eb('submissions', '+', 1), updated_at: at }))
    .where('id', '=', applicationId)
    .returning(['id', 'created_at', 'updated_at', 'cv_size'])
    .executeTakeFirstOrThrow();
}

// --- A repeat application, pending the confirmation link (migration 0043) ----------------------

export interface TPendingUpdateValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  language: 'es' | 'en';
  token_hash: string;
  expires_at: Date;
  cv?: { bytes: Buffer; fileName: string } | undefined;
}

/** Keeps a repeat submission aside; a newer one replaces the pending one of the application (and its link). */
export async function upsertPendingUpdate(tx: TExecutor, companyId: string, applicationId: string, values: TPendingUpdateValues, at: Date) {
  const { cv, ...rest } = values;
  const columns = { ...rest, cv: cv?.bytes ?? null, cv_file_name: cv?.fileName ?? null, cv_size: cv ? cv.bytes.length : null, created_at: at };
  await tx
    .insertInto('job_application_updates')
    .values({ company_id: companyId, application_id: applicationId, ...columns })
    .onConflict((oc) => oc.column('application_id').doUpdateSet(columns))
    .execute();
}

/** The pending update a confirmation token names (by its hash), locked. */
export function findPendingUpdateByTokenHash(tx: TExecutor, tokenHash: string) {
  return tx.selectFrom('job_application_updates').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
}

/** Pending updates are personal data: gone with the application's data (applied, withdrawn, anonymised, erased). */
export async function deletePendingUpdates(tx: TExecutor, applicationIds: string[]): Promise<number> {
  if (applicationIds.length === 0) return 0;
  const result = await tx.deleteFrom('job_application_updates').where('application_id', 'in', applicationIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes pending updates whose link expired before `at` (the retention job). */
export async function deleteExpiredPendingUpdates(tx: TExecutor, at: Date): Promise<number> {
  const result = await tx.deleteFrom('job_application_updates').where('expires_at', '<', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertApplicationHistory(
  tx: TExecutor,
  rows: { companyId: string; applicationId: string; from: string | null; to: string; by: string | null; note?: string | null; at?: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('job_application_status_history')
    .values(
      rows.map((r) => ({
        company_id: r.companyId,
        application_id: r.applicationId,
        from_status: r.from,
        to_status: r.to,
        changed_by: r.by,
        note: r.note ?? null,
        ...(r.at ? { changed_at: r.at } : {}),
      })),
    )
    .execute();
}

export function findApplication(db: TExecutor, companyId: string, applicationId: string, lock = false) {
  const query = db
    .selectFrom('job_applications as a')
    .innerJoin('job_offers as o', 'o.id', 'a.offer_id')
    .select([...APPLICATION_COLUMNS, 'o.title as offer_title'])
    .where('a.company_id', '=', companyId)
    .where('a.id', '=', applicationId);
  return (lock ? query.forUpdate('a') : query).executeTakeFirst();
}
export type TApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

export function findApplicationCv(db: TExecutor, companyId: string, applicationId: string) {
  return db
    .selectFrom('job_applications')
    .select(['id', 'cv', 'cv_file_name', 'cv_size', 'anonymised_at'])
    .where('company_id', '=', companyId)
    .where('id', '=', applicationId)
    .executeTakeFirst();
}

export async function setApplicationStatus(tx: TExecutor, applicationId: string, status: string, note: string | null | undefined, at: Date): Promise<void> {
  await tx
    .updateTable('job_applications')
    .set({ status: status as 'NEW', updated_at: at, ...(note !== undefined ? { note } : {}) })
    .where('id', '=', applicationId)
    .execute();
}

/** The application a withdrawal token names (by its hash), locked. */
export function findApplicationByTokenHash(tx: TExecutor, tokenHash: string) {
  return tx
    .selectFrom('job_applications')
    .select(['id', 'company_id', 'offer_id', 'status', 'withdraw_token_expires_at', 'anonymised_at'])
    .where('withdraw_token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** What anonymising an application blanks: every personal field, the CV and the link. */
const ANONYMOUS = {
  first_name: '',
  last_name: '',
  email: null,
  email_key: null,
  phone: null,
  note: null,
  cv: null,
  cv_file_name: null,
  cv_size: null,
  withdraw_token_hash: null,
  withdraw_token_expires_at: null,
} as const;

export async function anonymiseApplication(tx: TExecutor, applicationId: string, status: 'WITHDRAWN' | null, at: Date): Promise<void> {
  await tx
    .updateTable('job_applications')
    .set({ ...ANONYMOUS, ...(status ? { status } : {}), anonymised_at: at, updated_at: at })
    .where('id', '=', applicationId)
    .execute();
  // The recruiter's notes of its history may name the candidate too.
  await tx.updateTable('job_application_status_history').set({ note: null }).where('application_id', '=', applicationId).execute();
  await deletePendingUpdates(tx, [applicationId]);
}

/** One page of an offer's applications (newest first), with the total. */
export async function listApplications(db: Kysely<Database>, companyId: string, offerId: string, query: TApplicationListQuery) {
  let base = db.selectFrom('job_applications as a').where('a.company_id', '=', companyId).where('a.offer_id', '=', offerId);
  if (query.status) base = base.where('a.status', '=', query.status);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    base = base.where(sql<boolean>`kc_fold(a.first_name || ' ' || a.last_name || ' ' || coalesce(a.email, '')) LIKE kc_fold(${pattern})`);
  }
  const rows = await base
    .select([...APPLICATION_COLUMNS, sql<string>`count(*) OVER ()`.as('total')])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && query.page > 0) {
    total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst())?.n ?? 0);
  }
  return { rows: rows.map(({ total: _, ...row }) => row), total };
}

export function listApplicationHistory(db: TExecutor, applicationIds: string[]) {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('job_application_status_history')
    .select(['application_id', 'from_status', 'to_status', 'changed_by', 'changed_at', 'note'])
    .where('application_id', 'in', applicationIds)
    .orderBy('id')
    .execute();
}

/** Leases up to `limit` applications last changed before `cutoff` and anonymises them in the same statement. */
export async function anonymiseStaleApplications(tx: Transaction<Database>, cutoff: Date, at: Date, limit: number) {
  const result = await sql<{ id: string; company_id: string; status: string }>`
    UPDATE job_applications SET first_name = '', last_name = '', email = NULL, email_key = NULL, phone = NULL, note = NULL,
           cv = NULL, cv_file_name = NULL, cv_size = NULL, withdraw_token_hash = NULL, withdraw_token_expires_at = NULL,
           anonymised_at = ${at}
    WHERE id IN (
      SELECT id FROM job_applications
      WHERE anonymised_at IS NULL AND updated_at < ${cutoff}
      ORDER BY updated_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, company_id, status`.execute(tx);
  if (result.rows.length > 0) {
    await tx
      .updateTable('job_application_status_history')
      .set({ note: null })
      .where(
        'application_id',
        'in',
        result.rows.map((r) => r.id),
      )
      .execute();
    await deletePendingUpdates(
      tx,
      result.rows.map((r) => r.id),
    );
  }
  return result.rows;
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/** The phones the person gave in job applications from their e-mail (to find them elsewhere). */
export async function applicationPhonesOf(db: TExecutor, person: Pick<TErasedPerson, 'companyId' | 'email'>): Promise<string[]> {
  const rows = await db
    .selectFrom('job_applications')
    .select('phone')
    .where('company_id', '=', person.companyId)
    .where(sql<boolean>`lower(email) = ${person.email}`)
    .execute();
  // A pending repeat's phone too (it is erased with the application).
  const pending = await db
    .selectFrom('job_application_updates as u')
    .innerJoin('job_applications as a', 'a.id', 'u.application_id')
    .select('u.phone')
    .where('a.company_id', '=', person.companyId)
    .where(sql<boolean>`lower(a.email) = ${person.email}`)
    .execute();
  return [...rows.flatMap((r) => (r.phone ? [r.phone] : [])), ...pending.map((r) => r.phone)];
}

/** The person's job applications, found by their e-mail: anonymised as the withdrawal link does, with their history's notes. */
export async function eraseJobApplications(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const { anon, at } = person;
  const applications = await tx
    .updateTable('job_applications')
    .set({ ...ANONYMOUS, first_name: anon, last_name: anon, anonymised_at: at, updated_at: at })
    .where('company_id', '=', person.companyId)
    .where(sql<boolean>`lower(email) = ${person.email}`)
    .returning('id')
    .execute();
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
    await deletePendingUpdates(
      tx,
      applications.map((a) => a.id),
    );
  }
  return { jobApplications: applications.length };
}

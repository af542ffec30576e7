import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

export interface TAuditInsert {
  companyId: string;
  actorId: string | null;
  ipAddress: string | null;
  entityType: string;
  entityId: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Appends one entry (the table refuses UPDATE and DELETE). */
export async function insertAuditEntry(db: TExecutor, entry: TAuditInsert): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      company_id: entry.companyId,
      actor_id: entry.actorId,
      ip_address: entry.ipAddress,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      action: entry.action,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/** The company's users of these ids (the people a page's entries are about), by primary key. */
export async function findAuditSubjects(db: TExecutor, companyId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('company_id', '=', companyId).where('id', 'in', [...userIds]).execute();
}

export interface TAuditFilters {
  actorId?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
}

/** One page of a company's entries, newest first, with the total and each actor's name. */
export async function findAuditEntries(db: TExecutor, companyId: string, filters: TAuditFilters, limit: number, offset: number) {
  let base = db.selectFrom('audit_log as a').where('a.company_id', '=', companyId);
  if (filters.actorId) base = base.where('a.actor_id', '=', filters.actorId);
  if (filters.entityType) base = base.where('a.entity_type', '=', filters.entityType);
  if (filters.entityId) base = base.where('a.entity_id', '=', filters.entityId);
  if (filters.action) base = base.where('a.action', '=', filters.action);
  if (filters.from) base = base.where('a.at', '>=', filters.from);
  if (filters.until) base = base.where('a.at', '<', filters.until);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .select([
        'a.id',
        'a.at',
        'a.actor_id',
        'a.ip_address',
        'a.entity_type',
        'a.entity_id',
        'a.action',
        'a.before',
        'a.after',
        'u.email as actor_email',
        'u.first_name as actor_first_name',
        'u.last_name as actor_last_name',
      ])
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Personal data export (issue 16): the entries about one person (the user and their consents) and
 * about their contracts and payments, oldest first. Only what the export shows: never the entries' details,
 * which may name other people.
 */
export async function findAuditEntriesAboutUser(db: TExecutor, companyId: string, userId: string, contractIds: readonly string[], paymentIds: readonly string[]) {
  return db
    .selectFrom('audit_log')
    .select(['at', 'action', 'entity_type', 'entity_id', 'actor_id', 'ip_address'])
    .where('company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb.and([eb('entity_type', 'in', ['user', 'consent']), eb('entity_id', '=', userId)]),
        ...(contractIds.length > 0 ? [eb.and([eb('entity_type', '=', 'contract'), eb('entity_id', 'in', [...contractIds])])] : []),
        ...(paymentIds.length > 0 ? [eb.and([eb('entity_type', '=', 'payment'), eb('entity_id', 'in', [...paymentIds])])] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

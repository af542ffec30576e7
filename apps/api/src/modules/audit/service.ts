import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { toPage, type TAuditAction, type TAuditEntityType, type TAuditPage, type TAuditQuery, type TAuditSubject } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { findAuditEntries, findAuditSubjects, insertAuditEntry } from './repository.ts';
import { findAuditEntriesAboutUser } from './repository.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

/** Who acts, for which company, from where: taken from the request. */
export interface TAuditContext {
  companyId: string;
  actorId: string | null;
  ipAddress: string | null;
}

export const auditContextOf = (request: FastifyRequest): TAuditContext => ({
  companyId: request.companyId,
  actorId: request.user?.id ?? null,
  ipAddress: request.ip ?? null,
});

export interface TAuditRecord {
  entityType: TAuditEntityType;
  entityId: string;
  action: TAuditAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Field names that never reach the audit log, whatever a caller passes. */
const SECRET = /^(password|repeatpassword|currentpassword|newpassword)$|hash|token|secret|ccv|creditcard|recovery/i;

function withoutSecrets(fields: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!fields) return null;
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !SECRET.test(key)));
}

/**
 * Field names that hold a person's data (e-mail addresses, names, phones, DNI/NIE, IBAN, birth
 * date, wallet, a candidate's CV file, a passkey's chosen name). The log is append-only and
 * outlives an erasure, so an entry names people by id only and the screens read what they show
 * through that id (docs/decisions/0047). Free text cannot be told by its key: the callers leave
 * out what is typed about a person, and a test searches every entry for the person's values.
 */
const PERSONAL =
  /(e-?mails?|phones?)$|^(name|first_?name|last_?name|full_?name|customer_?name|agent_?name|seller_?name|user_?name|cv_?file_?name|dni|nie|iban|wallet|ethereum_?wallet|date_?of_?birth|birth_?date|postal_?code|billing_?address\w*)$/i;
/** A sales group's or team's own contact (its row, which no erasure reaches): the node's, not a person's. */
const NODE_CONTACT = new Set(['email', 'phone']);
const NODE_TYPES: ReadonlySet<string> = new Set(['companyGroup', 'team']);

/** The personal keys in an entry's fields, nested ones too (`after.owner.email`). */
function personalKeysIn(entityType: string, fields: unknown, path = ''): string[] {
  if (fields === null || typeof fields !== 'object') return [];
  return Object.entries(fields).flatMap(([key, value]) => {
    const here = path ? `${path}.${key}` : key;
    const personal = PERSONAL.test(key) && !(path === '' && NODE_TYPES.has(entityType) && NODE_CONTACT.has(key));
    return [...(personal ? [here] : []), ...personalKeysIn(entityType, value, here)];
  });
}

/**
 * Refuses an entry that would keep a person's data: a programming error, never a user's, so it
 * throws and the change it audits rolls back with it (every staff action leaves an entry, and
 * none may leave a copy that an erasure cannot reach).
 */
export function assertNoPersonalData(entry: { entityType: string; action: string; before?: unknown; after?: unknown }): void {
  const keys = [...personalKeysIn(entry.entityType, entry.before).map((k) => `before.${k}`), ...personalKeysIn(entry.entityType, entry.after).map((k) => `after.${k}`)];
  if (keys.length > 0) throw new Error(`audit entry ${entry.action} would keep personal data (${keys.join(', ')}): name people by id only`);
}

/**
 * Appends an audit entry. Call it with the transaction that makes the change, so that the
 * change and its entry commit (or roll back) together.
 */
export async function recordAudit(tx: TExecutor, context: TAuditContext, record: TAuditRecord): Promise<void> {
  assertNoPersonalData(record);
  await insertAuditEntry(tx, {
    companyId: context.companyId,
    actorId: context.actorId,
    ipAddress: context.ipAddress,
    entityType: record.entityType,
    entityId: record.entityId,
    action: record.action,
    before: withoutSecrets(record.before),
    after: withoutSecrets(record.after),
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const startOf = (value: string) => new Date(DAY.test(value) ? `${value}T00:00:00Z` : value);
/** The exclusive end: the next day's start for a day, else the instant itself plus 1 ms. */
function endOf(value: string): Date {
  const start = startOf(value);
  return new Date(start.getTime() + (DAY.test(value) ? 86_400_000 : 1));
}

/** An erasure leaves `anonimizado-<id>` where text must stay (lib/erasure.ts): the page says erased, and shows none of it. */
function subjectOf(id: string, email: string, firstName: string, lastName: string): TAuditSubject {
  const erased = email === `anonimizado-${id}`;
  return erased ? { id, email: null, firstName: null, lastName: null, erased } : { id, email, firstName, lastName, erased };
}

/** The audit page: a company's entries, filtered, newest first. */
export async function listAudit(app: FastifyInstance, companyId: string, query: TAuditQuery): Promise<TAuditPage> {
  const { page, size } = query;
  // An actor id that is not a UUID names nobody: an empty page, never a database error.
  if (query.actorId && !isUuid(query.actorId)) return toPage([], page, size, 0, true);
  const { rows, total } = await findAuditEntries(
    app.db,
    companyId,
    {
      actorId: query.actorId,
      entityType: query.entityType,
      entityId: query.entityId,
      action: query.action,
      from: query.from ? startOf(query.from) : undefined,
      until: query.to ? endOf(query.to) : undefined,
    },
    size,
    page * size,
  );
  // The people the entries are about, read through the ids they keep (one indexed query a page).
  const userIds = [...new Set(rows.filter((r) => r.entity_type === 'user' && isUuid(r.entity_id)).map((r) => r.entity_id))];
  const subjects = new Map((await findAuditSubjects(app.db, companyId, userIds)).map((u) => [u.id, subjectOf(u.id, u.email, u.first_name, u.last_name)]));
  return toPage(
    rows.map((r) => ({
      id: String(r.id),
      at: new Date(r.at).toISOString(),
      actor: r.actor_id
        ? { id: r.actor_id, email: r.actor_email ?? '', firstName: r.actor_first_name ?? '', lastName: r.actor_last_name ?? '' }
        : null,
      subject: r.entity_type === 'user' ? (subjects.get(r.entity_id) ?? null) : null,
      ipAddress: r.ip_address,
      entityType: r.entity_type,
      entityId: r.entity_id,
      action: r.action,
      before: r.before,
      after: r.after,
    })),
    page,
    size,
    total,
    true,
  );
}

/** Personal data export (issue 16): the entries about a person, their contracts and payments (no details). */
export async function listAuditAboutUser(db: TExecutor, companyId: string, userId: string, contractIds: readonly string[], paymentIds: readonly string[]) {
  return findAuditEntriesAboutUser(db, companyId, userId, contractIds, paymentIds);
}

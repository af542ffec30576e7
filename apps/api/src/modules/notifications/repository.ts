import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { changedRows, type TErasedPerson, type TErasureCounts } from '../../lib/erasure.ts';

/** The only SQL of the notifications module. */
type TExecutor = Kysely<Database> | Transaction<Database>;

export interface TNewNotificationRow {
  companyId: string;
  userId: string;
  kind: 'notification' | 'task';
  severity: string;
  key: string;
  params: Record<string, unknown>;
  links: Array<Record<string, unknown>>;
  subject: { type: string; id: string } | null;
  taskType: string | null;
  /** The number of the event that makes it (bumpInbox). */
  seq: string;
}

export async function insertNotification(tx: TExecutor, row: TNewNotificationRow): Promise<string> {
  const inserted = await tx
    .insertInto('notifications')
    .values({
      company_id: row.companyId,
      user_id: row.userId,
      kind: row.kind,
      severity: row.severity,
      message_key: row.key,
      params: JSON.stringify(row.params),
      links: JSON.stringify(row.links),
      subject_type: row.subject?.type ?? null,
      subject_id: row.subject?.id ?? null,
      task_type: row.kind === 'task' ? row.taskType : null,
      task_state: row.kind === 'task' ? 'open' : null,
      created_seq: row.seq,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Takes the next event number of a user's inbox and applies a change to the unread count,
 * holding the inbox row's lock until the transaction ends: a user's events are numbered
 * without gaps and become visible in their order.
 */
export async function bumpInbox(tx: TExecutor, input: { userId: string; companyId: string; unreadDelta: number }): Promise<{ seq: string; unread: number }> {
  const row = await tx
    .insertInto('notification_inboxes')
    .values({ user_id: input.userId, company_id: input.companyId, last_seq: 1, unread: Math.max(input.unreadDelta, 0) })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        last_seq: sql`notification_inboxes.last_seq + 1`,
        unread: sql`notification_inboxes.unread + ${input.unreadDelta}`,
      }),
    )
    .returning(['last_seq', 'unread'])
    .executeTakeFirstOrThrow();
  return { seq: String(row.last_seq), unread: row.unread };
}

export async function insertEvent(
  tx: TExecutor,
  event: { userId: string; companyId: string; seq: string; type: 'created' | 'updated' | 'all-read'; notificationId: string | null; unread: number },
): Promise<void> {
  await tx
    .insertInto('notification_events')
    .values({
      user_id: event.userId,
      company_id: event.companyId,
      seq: event.seq,
      type: event.type,
      notification_id: event.notificationId,
      unread: event.unread,
    })
    .execute();
}

export async function findInbox(db: TExecutor, userId: string): Promise<{ last_seq: string; unread: number } | undefined> {
  const row = await db.selectFrom('notification_inboxes').select(['last_seq', 'unread']).where('user_id', '=', userId).executeTakeFirst();
  return row ? { last_seq: String(row.last_seq), unread: row.unread } : undefined;
}

const itemColumns = [
  'n.id',
  'n.kind',
  'n.severity',
  'n.message_key',
  'n.params',
  'n.links',
  'n.subject_type',
  'n.subject_id',
  'n.task_type',
  'n.task_state',
  'n.completed_at',
  'n.completed_by',
  'n.read_at',
  'n.dismissed_at',
  'n.created_at',
  'c.first_name as completed_by_first_name',
  'c.last_name as completed_by_last_name',
] as const;

const items = (db: TExecutor) =>
  db.selectFrom('notifications as n').leftJoin('users as c', 'c.id', 'n.completed_by').select(itemColumns);

export type TNotificationItemRow = Awaited<ReturnType<ReturnType<typeof items>['executeTakeFirstOrThrow']>>;

/** One item of a user's inbox (dismissed ones included), or undefined when it is not theirs. */
export async function findNotification(db: TExecutor, companyId: string, userId: string, id: string, options: { forUpdate?: boolean } = {}) {
  let query = items(db).where('n.id', '=', id).where('n.user_id', '=', userId).where('n.company_id', '=', companyId);
  if (options.forUpdate) query = query.forUpdate('n');
  return query.executeTakeFirst();
}

export interface TListFilters {
  severity?: string | undefined;
  kind?: string | undefined;
  read?: boolean | undefined;
  taskState?: string | undefined;
}

/** A page of a user's inbox without dismissed items, newest first, and the total of the filter. */
export async function listNotifications(
  db: TExecutor,
  input: { companyId: string; userId: string; filters: TListFilters; limit: number; offset: number },
): Promise<{ rows: TNotificationItemRow[]; total: number }> {
  const { filters } = input;
  let base = db
    .selectFrom('notifications as n')
    .where('n.user_id', '=', input.userId)
    .where('n.company_id', '=', input.companyId)
    .where('n.dismissed_at', 'is', null);
  if (filters.severity) base = base.where('n.severity', '=', filters.severity);
  if (filters.kind) base = base.where('n.kind', '=', filters.kind);
  if (filters.read === true) base = base.where('n.read_at', 'is not', null);
  if (filters.read === false) base = base.where('n.read_at', 'is', null);
  if (filters.taskState) base = base.where('n.task_state', '=', filters.taskState);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as c', 'c.id', 'n.completed_by')
      .select(itemColumns)
      .orderBy('n.created_seq', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Marks an unread item read; false when it was read already (or is not there). */
export async function markRead(tx: TExecutor, id: string): Promise<boolean> {
  const result = await tx.updateTable('notifications').set({ read_at: sql<Date>`now()` }).where('id', '=', id).where('read_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks every unread item of a user read; the number marked. */
export async function markAllRead(tx: TExecutor, companyId: string, userId: string): Promise<number> {
  const result = await tx
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Dismisses an item (which also reads it); what it was before, or undefined when it was dismissed already. */
export async function markDismissed(tx: TExecutor, id: string): Promise<{ wasUnread: boolean } | undefined> {
  const before = await tx.selectFrom('notifications').select(['read_at', 'dismissed_at']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before || before.dismissed_at !== null) return undefined;
  await tx
    .updateTable('notifications')
    .set({ dismissed_at: sql<Date>`now()`, read_at: sql<Date>`coalesce(read_at, now())` })
    .where('id', '=', id)
    .execute();
  return { wasUnread: before.read_at === null };
}

/** Closes one open task; the unread state it had, or undefined when it was not open. */
export async function markTaskDone(tx: TExecutor, id: string, completedBy: string | null, options: { read: boolean }): Promise<{ wasUnread: boolean } | undefined> {
  const before = await tx.selectFrom('notifications').select(['read_at', 'task_state']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before || before.task_state !== 'open') return undefined;
  await tx
    .updateTable('notifications')
    .set({
      task_state: 'done',
      completed_at: sql<Date>`now()`,
      completed_by: completedBy,
      ...(options.read ? { read_at: sql<Date>`coalesce(read_at, now())` } : {}),
    })
    .where('id', '=', id)
    .execute();
  return { wasUnread: before.read_at === null };
}

/** Closes every open task of a kind about a subject; the tasks closed, ordered by recipient. */
export async function closeOpenTasks(
  tx: TExecutor,
  input: { companyId: string; subjectType: string; subjectId: string; taskType: string; completedBy: string | null },
): Promise<Array<{ id: string; user_id: string; company_id: string }>> {
  return tx
    .updateTable('notifications')
    .set({ task_state: 'done', completed_at: sql<Date>`now()`, completed_by: input.completedBy })
    .where('company_id', '=', input.companyId)
    .where('subject_type', '=', input.subjectType)
    .where('subject_id', '=', input.subjectId)
    .where('task_type', '=', input.taskType)
    .where('task_state', '=', 'open')
    .returning(['id', 'user_id', 'company_id'])
    .execute()
    .then((rows) => rows.sort((a, b) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0)));
}

/** The active administrators of a company. */
export async function findCompanyAdminIds(db: TExecutor, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`roles @> ARRAY['ADMIN']::text[]`)
    .where('is_active', '=', true)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A user's events after `afterSeq` (at most `limit`), with the current state of their items. */
export async function listEventsAfter(db: TExecutor, userId: string, afterSeq: string, limit: number) {
  return db
    .selectFrom('notification_events as e')
    .leftJoin('notifications as n', 'n.id', 'e.notification_id')
    .leftJoin('users as c', 'c.id', 'n.completed_by')
    .select(['e.seq', 'e.type', 'e.unread', 'e.notification_id'])
    .select(itemColumns)
    .where('e.user_id', '=', userId)
    .where('e.seq', '>', afterSeq)
    .orderBy('e.seq')
    .limit(limit)
    .execute();
}

// Sessions and stream tickets --------------------------------------------------------------------

/** The live sessions among these token hashes: unrevoked, unexpired, of an active user. */
export async function findLiveTokens(db: TExecutor, tokenHashes: string[]) {
  if (tokenHashes.length === 0) return [];
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.token_hash', 't.user_id', 't.company_id', 't.expires_at', 'u.is_temporal_password'])
    .where('t.token_hash', 'in', tokenHashes)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .where('u.is_active', '=', true)
    .where('u.is_deleted', '=', false)
    .execute();
}

export async function insertStreamTicket(
  db: TExecutor,
  ticket: { ticketHash: string; tokenHash: string; userId: string; companyId: string; expiresAt: Date },
): Promise<void> {
  await db.deleteFrom('notification_stream_tickets').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('notification_stream_tickets')
    .values({
      ticket_hash: ticket.ticketHash,
      token_hash: ticket.tokenHash,
      user_id: ticket.userId,
      company_id: ticket.companyId,
      expires_at: ticket.expiresAt,
    })
    .execute();
}

/** Uses a ticket up (it works once): the token it was issued under, if it had not expired. */
export async function consumeStreamTicket(db: TExecutor, ticketHash: string): Promise<{ token_hash: string; company_id: string } | undefined> {
  const row = await db
    .deleteFrom('notification_stream_tickets')
    .where('ticket_hash', '=', ticketHash)
    .returning(['token_hash', 'company_id', 'expires_at'])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return undefined;
  return { token_hash: row.token_hash, company_id: row.company_id };
}

/**
 * Many inboxes at once (`notifyMany`): each user's inbox takes `count` more event numbers and
 * unread items in one statement, locked in the order given (callers sort by user id, so two
 * batches never deadlock). Returns each user's last number and unread count after the change.
 */
export async function bumpInboxes(
  tx: TExecutor,
  inboxes: Array<{ userId: string; companyId: string; count: number }>,
): Promise<Map<string, { lastSeq: bigint; unread: number }>> {
  if (inboxes.length === 0) return new Map();
  const rows = await tx
    .insertInto('notification_inboxes')
    .values(inboxes.map((i) => ({ user_id: i.userId, company_id: i.companyId, last_seq: i.count, unread: i.count })))
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        last_seq: sql`notification_inboxes.last_seq + excluded.last_seq`,
        unread: sql`notification_inboxes.unread + excluded.unread`,
      }),
    )
    .returning(['user_id', 'last_seq', 'unread'])
    .execute();
  return new Map(rows.map((r) => [r.user_id, { lastSeq: BigInt(r.last_seq), unread: r.unread }]));
}

/** Many notifications in one statement; returns their ids in the order given. */
export async function insertNotifications(tx: TExecutor, rows: TNewNotificationRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insertInto('notifications')
    .values(
      rows.map((row) => ({
        company_id: row.companyId,
        user_id: row.userId,
        kind: row.kind,
        severity: row.severity,
        message_key: row.key,
        params: JSON.stringify(row.params),
        links: JSON.stringify(row.links),
        subject_type: row.subject?.type ?? null,
        subject_id: row.subject?.id ?? null,
        task_type: row.kind === 'task' ? row.taskType : null,
        task_state: row.kind === 'task' ? 'open' : null,
        created_seq: row.seq,
      })),
    )
    .returning(['id', 'user_id', 'created_seq'])
    .execute();
  const byKey = new Map(inserted.map((r) => [`${r.user_id} ${String(r.created_seq)}`, r.id]));
  return rows.map((row) => byKey.get(`${row.userId} ${row.seq}`)!);
}

/** Many 'created' events in one statement. */
export async function insertEvents(
  tx: TExecutor,
  events: Array<{ userId: string; companyId: string; seq: string; notificationId: string; unread: number }>,
): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insertInto('notification_events')
    .values(events.map((e) => ({ user_id: e.userId, company_id: e.companyId, seq: e.seq, type: 'created' as const, notification_id: e.notificationId, unread: e.unread })))
    .execute();
}

/** Personal data export (issue 16): every item of a user's inbox, dismissed ones too, oldest first. */
export async function findNotificationsForExport(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'severity', 'message_key', 'params', 'subject_type', 'subject_id', 'task_type', 'task_state', 'completed_at', 'read_at', 'dismissed_at', 'created_at'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('created_seq')
    .execute();
}

// --- Erasure (issue 16) ----------------------------------------------------------------------

/**
 * The person's own inbox goes. Items in others' inboxes whose subject is the person, one of their
 * contracts or one of their leads (the lead's own erasure runs first, so its e-mail may already
 * be `anon`) have the values naming them rewritten; no other item is read or changed, however its
 * text matches a value the person chose (docs/decisions/0027).
 */
export async function eraseNotifications(tx: Transaction<Database>, person: TErasedPerson): Promise<TErasureCounts> {
  const { id, anon, pattern } = person;
  await tx.deleteFrom('notification_stream_tickets').where('user_id', '=', id).execute();
  await tx.deleteFrom('notification_events').where('user_id', '=', id).execute();
  const deleted = await tx.deleteFrom('notifications').where('user_id', '=', id).executeTakeFirst();
  await tx.updateTable('notification_inboxes').set({ unread: 0 }).where('user_id', '=', id).execute();
  if (pattern) {
    await tx
      .updateTable('notifications')
      .set({
        params: sql`(SELECT coalesce(jsonb_object_agg(key, CASE WHEN jsonb_typeof(value) = 'string' AND value #>> '{}' ~* ${pattern} THEN to_jsonb(${anon}::text) ELSE value END), '{}'::jsonb) FROM jsonb_each(params))`,
      })
      .where('company_id', '=', person.companyId)
      .where(
        sql<boolean>`(
          (subject_type = 'user' AND subject_id = ${id}::text)
          OR (subject_type = 'contract' AND subject_id IN (SELECT k.id::text FROM contracts k WHERE k.company_id = ${person.companyId} AND k.user_id = ${id}))
          OR (subject_type = 'lead' AND subject_id IN (SELECT l.id::text FROM leads l WHERE l.company_id = ${person.companyId}
            AND (l.converted_user_id = ${id} OR lower(l.email) = ${person.email} OR l.email = ${anon})))
        )`,
      )
      .where(sql<boolean>`params::text ~* ${pattern}`)
      .execute();
  }
  return { notifications: changedRows(deleted) };
}

import type { Kysely, Transaction } from 'kysely';
import {
  renderNotificationLinks,
  renderNotificationTitle,
  toPage,
  type TLanguage,
  type TNotification,
  type TNotificationKey,
  type TNotificationKind,
  type TNotificationListQuery,
  type TNotificationPage,
  type TNotificationParams,
  type TNotificationSeverity,
  type TReadAllResponse,
  type TStoredNotificationLink,
  type TStreamTicket,
  type TUnreadCount,
} from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import {
  bumpInbox,
  bumpInboxes,
  insertEvents,
  insertNotifications,
  closeOpenTasks,
  findCompanyAdminIds,
  consumeStreamTicket,
  findInbox,
  findLiveTokens,
  findNotification,
  insertStreamTicket,
  insertEvent,
  insertNotification,
  listNotifications,
  markAllRead,
  markDismissed,
  markRead,
  markTaskDone,
  type TNotificationItemRow,
} from './repository.ts';
import { findNotificationsForExport } from './repository.ts';

/** A database handle or a transaction: `notify` and `completeTasks` join the caller's transaction. */
export type TNotificationExecutor = Kysely<Database> | Transaction<Database>;

/**
 * The channel of migration 0008: 'inbox <user id>' after a committed change to a user's inbox,
 * 'session <user id>' after one of their tokens was revoked or they were deactivated or deleted.
 */
export const NOTIFICATIONS_CHANNEL = 'kc_notifications';

export interface TNotifyInput {
  companyId: string;
  userId: string;
  kind: TNotificationKind;
  severity?: TNotificationSeverity;
  /** The title's message key (packages/domain notifications/messages.ts) and its parameters. */
  key: TNotificationKey;
  params?: TNotificationParams;
  links?: TStoredNotificationLink[];
  /** What the item is about; a task's subject is what closes it (`completeTasks`). */
  subject?: { type: string; id: string };
  /** Tasks: what they ask for (e.g. 'confirm-first-payment'); required for a task. */
  taskType?: string;
}

/**
 * Puts an item in a user's inbox, inside the caller's transaction: it appears (and every open
 * stream of the user, on any instance, hears of it) when that transaction commits, and not at
 * all if it rolls back. Returns the item's id.
 */
export async function notify(tx: TNotificationExecutor, input: TNotifyInput): Promise<string> {
  if (input.kind === 'task' && !input.taskType) throw new Error('notify: a task needs a taskType');
  const { seq, unread } = await bumpInbox(tx, { userId: input.userId, companyId: input.companyId, unreadDelta: 1 });
  const id = await insertNotification(tx, {
    companyId: input.companyId,
    userId: input.userId,
    kind: input.kind,
    severity: input.severity ?? 'NORMAL',
    key: input.key,
    params: input.params ?? {},
    links: input.links ?? [],
    subject: input.subject ?? null,
    taskType: input.taskType ?? null,
    seq,
  });
  await insertEvent(tx, { userId: input.userId, companyId: input.companyId, seq, type: 'created', notificationId: id, unread });
  return id;
}

/**
 * Many items at once, inside the caller's transaction (a scheduled job's batch): one statement
 * bumps every recipient's inbox (in user-id order, so concurrent batches never deadlock), one
 * inserts the items and one their events. Each recipient's items get consecutive event numbers
 * in the order given, as `notify` one by one would. Returns the ids in the order given.
 */
export async function notifyMany(tx: TNotificationExecutor, inputs: TNotifyInput[]): Promise<string[]> {
  if (inputs.some((input) => input.kind === 'task' && !input.taskType)) throw new Error('notifyMany: a task needs a taskType');
  const counts = new Map<string, { userId: string; companyId: string; count: number }>();
  for (const input of inputs) {
    const entry = counts.get(input.userId) ?? { userId: input.userId, companyId: input.companyId, count: 0 };
    entry.count += 1;
    counts.set(input.userId, entry);
  }
  const inboxes = [...counts.values()].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const after = await bumpInboxes(tx, inboxes);
  const taken = new Map<string, number>();
  const rows = inputs.map((input) => {
    const inbox = after.get(input.userId)!;
    const count = counts.get(input.userId)!.count;
    const index = taken.get(input.userId) ?? 0;
    taken.set(input.userId, index + 1);
    const seq = inbox.lastSeq - BigInt(count - 1 - index);
    return {
      row: {
        companyId: input.companyId,
        userId: input.userId,
        kind: input.kind,
        severity: input.severity ?? 'NORMAL',
        key: input.key,
        params: input.params ?? {},
        links: input.links ?? [],
        subject: input.subject ?? null,
        taskType: input.taskType ?? null,
        seq: String(seq),
      },
      unread: inbox.unread - (count - 1 - index),
    };
  });
  const ids = await insertNotifications(
    tx,
    rows.map((r) => r.row),
  );
  await insertEvents(
    tx,
    rows.map((r, i) => ({ userId: r.row.userId, companyId: r.row.companyId, seq: r.row.seq, notificationId: ids[i]!, unread: r.unread })),
  );
  return ids;
}

/**
 * The same item for every active ADMIN of a company (e.g. a user created or deactivated), except
 * `exceptUserId` (who did it). Returns the ids made.
 */
export async function notifyCompanyAdmins(
  tx: TNotificationExecutor,
  companyId: string,
  input: Omit<TNotifyInput, 'companyId' | 'userId'>,
  options: { exceptUserId?: string } = {},
): Promise<string[]> {
  const admins = (await findCompanyAdminIds(tx, companyId)).filter((id) => id !== options.exceptUserId);
  const ids: string[] = [];
  for (const userId of admins) ids.push(await notify(tx, { ...input, companyId, userId }));
  return ids;
}

/**
 * Closes, inside the caller's transaction, every open task of `taskType` about a subject (e.g.
 * the advisor's "confirm the first payment" when the contract is activated), recording who did
 * the thing. Returns how many were closed.
 */
export async function completeTasks(
  tx: TNotificationExecutor,
  input: { companyId: string; subjectType: string; subjectId: string; taskType: string; completedBy: string | null },
): Promise<number> {
  const closed = await closeOpenTasks(tx, input);
  for (const task of closed) {
    const { seq, unread } = await bumpInbox(tx, { userId: task.user_id, companyId: task.company_id, unreadDelta: 0 });
    await insertEvent(tx, { userId: task.user_id, companyId: task.company_id, seq, type: 'updated', notificationId: task.id, unread });
  }
  return closed.length;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A stored item as the API shows it, in a language. */
export function toNotification(row: TNotificationItemRow, language: TLanguage): TNotification {
  return {
    id: row.id,
    kind: row.kind as TNotificationKind,
    key: row.message_key,
    title: renderNotificationTitle(language, row.message_key, row.params as TNotificationParams),
    createdAt: iso(row.created_at)!,
    severity: row.severity as TNotificationSeverity,
    links: renderNotificationLinks(language, row.links as unknown as TStoredNotificationLink[]),
    isRead: row.read_at !== null,
    readAt: iso(row.read_at),
    subject: row.subject_type && row.subject_id ? { type: row.subject_type, id: row.subject_id } : null,
    task:
      row.kind === 'task'
        ? {
            type: row.task_type ?? '',
            state: row.task_state === 'done' ? 'done' : 'open',
            completedAt: iso(row.completed_at),
            completedBy: row.completed_by
              ? { id: row.completed_by, name: `${row.completed_by_first_name ?? ''} ${row.completed_by_last_name ?? ''}`.trim() }
              : null,
          }
        : null,
  };
}

/** The caller's inbox: filters, newest first, the specification's paged envelope. */
export async function listInbox(db: Kysely<Database>, caller: TAuthUser, query: TNotificationListQuery, language: TLanguage): Promise<TNotificationPage> {
  const { rows, total } = await listNotifications(db, {
    companyId: caller.companyId,
    userId: caller.id,
    filters: { severity: query.severity, kind: query.taskState ? 'task' : query.kind, read: query.read, taskState: query.taskState },
    limit: query.size,
    offset: query.page * query.size,
  });
  return toPage(
    rows.map((r) => toNotification(r, language)),
    query.page,
    query.size,
    total,
    true,
  );
}

export async function countUnread(db: Kysely<Database>, caller: TAuthUser): Promise<TUnreadCount> {
  const inbox = await findInbox(db, caller.id);
  return { unreadCount: inbox?.unread ?? 0 };
}

type TChange = (tx: Transaction<Database>, row: TNotificationItemRow) => Promise<{ unreadDelta: number } | undefined>;

/** Applies a change to one of the caller's items (404 for anyone else's) and records its event. */
async function changeItem(db: Kysely<Database>, caller: TAuthUser, id: string, language: TLanguage, change: TChange): Promise<TNotification> {
  if (!isUuid(id)) throw notFound('notificationNotFound');
  return db.transaction().execute(async (tx) => {
    const row = await findNotification(tx, caller.companyId, caller.id, id, { forUpdate: true });
    if (!row) throw notFound('notificationNotFound');
    const changed = await change(tx, row);
    if (changed) {
      const { seq, unread } = await bumpInbox(tx, { userId: caller.id, companyId: caller.companyId, unreadDelta: changed.unreadDelta });
      await insertEvent(tx, { userId: caller.id, companyId: caller.companyId, seq, type: 'updated', notificationId: id, unread });
    }
    const after = await findNotification(tx, caller.companyId, caller.id, id);
    return toNotification(after!, language);
  });
}

/** Marks one of the caller's items read (no change when it already was). */
export function readNotification(db: Kysely<Database>, caller: TAuthUser, id: string, language: TLanguage): Promise<TNotification> {
  return changeItem(db, caller, id, language, async (tx) => ((await markRead(tx, id)) ? { unreadDelta: -1 } : undefined));
}

/** Dismisses one of the caller's items: it leaves the inbox's list (and counts as read). */
export function dismissNotification(db: Kysely<Database>, caller: TAuthUser, id: string, language: TLanguage): Promise<TNotification> {
  return changeItem(db, caller, id, language, async (tx) => {
    const before = await markDismissed(tx, id);
    return before ? { unreadDelta: before.wasUnread ? -1 : 0 } : undefined;
  });
}

/**
 * The caller marks one of their tasks done (and read), recorded as completed by them. A task
 * already closed (by them or by itself) stays as it was; a notification is not a task (409).
 */
export function completeTask(db: Kysely<Database>, caller: TAuthUser, id: string, language: TLanguage): Promise<TNotification> {
  return changeItem(db, caller, id, language, async (tx, row) => {
    if (row.kind !== 'task') throw new AppError(409, 'notificationNotTask');
    const before = await markTaskDone(tx, id, caller.id, { read: true });
    return before ? { unreadDelta: before.wasUnread ? -1 : 0 } : undefined;
  });
}

/** Marks every unread item of the caller read: one event for the lot. */
export async function readAllNotifications(db: Kysely<Database>, caller: TAuthUser): Promise<TReadAllResponse> {
  return db.transaction().execute(async (tx) => {
    const updated = await markAllRead(tx, caller.companyId, caller.id);
    if (updated === 0) return { updated, unreadCount: (await findInbox(tx, caller.id))?.unread ?? 0 };
    const { seq, unread } = await bumpInbox(tx, { userId: caller.id, companyId: caller.companyId, unreadDelta: -updated });
    await insertEvent(tx, { userId: caller.id, companyId: caller.companyId, seq, type: 'all-read', notificationId: null, unread });
    return { updated, unreadCount: unread };
  });
}

/** How long a stream ticket may wait before it is used (once). */
export const STREAM_TICKET_SECONDS = 60;

/**
 * A single-use ticket that opens one stream for the caller's session (EventSource cannot send
 * an Authorization header). Only its hash is stored; it dies with the token it was issued under.
 */
export async function issueStreamTicket(db: Kysely<Database>, caller: TAuthUser, tokenHash: string): Promise<TStreamTicket> {
  const ticket = newToken();
  await insertStreamTicket(db, {
    ticketHash: hashToken(ticket),
    tokenHash,
    userId: caller.id,
    companyId: caller.companyId,
    expiresAt: new Date(Date.now() + STREAM_TICKET_SECONDS * 1000),
  });
  return { ticket, expiresIn: STREAM_TICKET_SECONDS };
}

/**
 * Who opens a stream: a ticket (used up here) or a bearer token, for a live session of the
 * company named by the company-id header (a ticket names its company itself). 401 otherwise.
 */
export async function authenticateStream(
  db: Kysely<Database>,
  input: { ticket?: string | undefined; bearer?: string | undefined; companyHeader?: string | undefined },
): Promise<{ userId: string; companyId: string; tokenHash: string }> {
  let tokenHash: string;
  let companyId: string;
  if (input.ticket) {
    const used = await consumeStreamTicket(db, hashToken(input.ticket));
    if (!used || (input.companyHeader && input.companyHeader !== used.company_id)) throw new AppError(401, 'streamTicketInvalid');
    tokenHash = used.token_hash;
    companyId = used.company_id;
  } else if (input.bearer) {
    if (!input.companyHeader) throw new AppError(400, 'companyMissing');
    tokenHash = hashToken(input.bearer);
    companyId = input.companyHeader;
  } else {
    throw new AppError(401, 'unauthorized');
  }
  const [session] = await findLiveTokens(db, [tokenHash]);
  if (!session || session.company_id !== companyId) throw new AppError(401, 'unauthorized');
  // As on every other route (permission matrix): a temporary password must be changed first.
  if (session.is_temporal_password) throw new AppError(403, 'passwordChangeRequired');
  return { userId: session.user_id, companyId, tokenHash };
}

/** Personal data export (issue 16): every notification of a person, its title rendered in `language`. */
export async function listNotificationsForExport(db: TNotificationExecutor, companyId: string, userId: string, language: TLanguage) {
  const rows = await findNotificationsForExport(db, companyId, userId);
  return rows.map((row) => ({ ...row, title: renderNotificationTitle(language, row.message_key, row.params as TNotificationParams) }));
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { eraseNotifications } from './repository.ts';

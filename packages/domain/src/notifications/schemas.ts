import { z } from 'zod';
import { makePageSchema, pageQueryFields } from '../contracts/schemas.ts';
import { vkey } from '../i18n/validation-messages.ts';
import { NOTIFICATION_KEYS, NOTIFICATION_LINK_LABELS } from './messages.ts';

/** The specification's severities (section 3, back office). */
export const NOTIFICATION_SEVERITIES = ['HIGH', 'NORMAL', 'LOW'] as const;
export const ZNotificationSeverity = z.enum(NOTIFICATION_SEVERITIES);
export type TNotificationSeverity = z.infer<typeof ZNotificationSeverity>;

/** A notification informs; a task asks its recipient to act and closes when the thing is done. */
export const NOTIFICATION_KINDS = ['notification', 'task'] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

export const TASK_STATES = ['open', 'done'] as const;
export const ZTaskState = z.enum(TASK_STATES);
export type TTaskState = z.infer<typeof ZTaskState>;

export const ZNotificationKey = z.enum(NOTIFICATION_KEYS as [string, ...string[]]);
export const ZNotificationLinkLabel = z.enum(NOTIFICATION_LINK_LABELS as [string, ...string[]]);

/**
 * A parameter of a title: plain text or a number, or text that differs by language (a product's
 * name, a contract state), picked when the item is read.
 */
export const ZNotificationParam = z.union([z.string(), z.number(), z.object({ es: z.string(), en: z.string() })]);
export type TNotificationParam = z.infer<typeof ZNotificationParam>;
export type TNotificationParams = Record<string, TNotificationParam>;

/** A link as stored: a label key and a path of the web app (relative to /web, from `paths`). */
export const ZStoredNotificationLink = z.object({
  label: ZNotificationLinkLabel,
  link: z.string().startsWith('/'),
  dismiss: z.boolean().optional(),
});
export type TStoredNotificationLink = z.infer<typeof ZStoredNotificationLink>;

/** The specification's link: label (in the reader's language), link and an optional dismiss flag. */
export const ZNotificationLink = z.object({
  label: z.string(),
  /** A path of the web app relative to its /web base (e.g. '/inversor/contratos/…'). */
  link: z.string(),
  /** Following the link also dismisses the item. */
  dismiss: z.boolean().optional(),
});
export type TNotificationLink = z.infer<typeof ZNotificationLink>;

export const ZNotificationTask = z.object({
  /** What the task asks for, e.g. 'confirm-first-payment', 'welcome-client'. */
  type: z.string(),
  state: ZTaskState,
  completedAt: z.string().nullable(),
  /** Who completed it: the recipient, or whoever did the thing that closed it. */
  completedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TNotificationTask = z.infer<typeof ZNotificationTask>;

/** One item of an inbox: the specification's shape plus kind, read state and task state. */
export const ZNotification = z.object({
  id: z.string(),
  kind: ZNotificationKind,
  /** The message key the title was rendered from (stable, for the web app's icons and tests). */
  key: z.string(),
  title: z.string(),
  createdAt: z.string(),
  severity: ZNotificationSeverity,
  links: z.array(ZNotificationLink),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  /** What the item is about, e.g. { type: 'contract', id }; null when about nothing in particular. */
  subject: z.object({ type: z.string(), id: z.string() }).nullable(),
  /** Tasks only. */
  task: ZNotificationTask.nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationPage = makePageSchema(ZNotification);
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

export const NOTIFICATION_PAGE_SIZE = 20;

const ZBooleanQuery = z.enum(['true', 'false'], { error: vkey('invalid') }).transform((v) => v === 'true');

/** GET /api/notifications: filters and paging (newest first). */
export const ZNotificationListQuery = z.object({
  ...pageQueryFields(NOTIFICATION_PAGE_SIZE),
  severity: z.enum(NOTIFICATION_SEVERITIES, { error: vkey('invalid') }).optional(),
  kind: z.enum(NOTIFICATION_KINDS, { error: vkey('invalid') }).optional(),
  /** true: read only; false: unread only; absent: both. */
  read: ZBooleanQuery.optional(),
  /** Tasks in this state (implies kind=task). */
  taskState: z.enum(TASK_STATES, { error: vkey('invalid') }).optional(),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

export const ZNotificationParams = z.object({ id: z.string() });

export const ZUnreadCount = z.object({ unreadCount: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

export const ZReadAllResponse = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export type TReadAllResponse = z.infer<typeof ZReadAllResponse>;

/** A single-use ticket that opens one stream (EventSource cannot send an Authorization header). */
export const ZStreamTicket = z.object({ ticket: z.string(), expiresIn: z.number().int() });
export type TStreamTicket = z.infer<typeof ZStreamTicket>;

export const ZStreamQuery = z.object({
  ticket: z.string().max(200).optional(),
  /** Same as the Last-Event-ID header, for a new EventSource that resumes (it cannot set headers). */
  lastEventId: z.string().max(30).optional(),
});

/**
 * The `data` of a stream's `notification` event: what changed (an item made or changed, or
 * every item read at once) and the unread count right after that change.
 */
export const ZNotificationStreamEvent = z.object({
  type: z.enum(['created', 'updated', 'all-read']),
  notification: ZNotification.nullable(),
  unreadCount: z.number().int(),
});
export type TNotificationStreamEvent = z.infer<typeof ZNotificationStreamEvent>;

/** The `data` of the stream's first event (`ready`): the count now and the id the stream resumes after. */
export const ZNotificationStreamReady = z.object({ unreadCount: z.number().int(), lastEventId: z.string() });
export type TNotificationStreamReady = z.infer<typeof ZNotificationStreamReady>;

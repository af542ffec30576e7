import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  notificationsApi,
  type TLanguage,
  type TNotificationKind,
  type TNotificationPage,
  type TNotificationSeverity,
  type TTaskState,
} from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const INBOX_PAGE_SIZE = 20;

export interface TInboxFilters {
  severity?: TNotificationSeverity | undefined;
  kind?: TNotificationKind | undefined;
  /** true: read only; false: unread only. */
  read?: boolean | undefined;
  taskState?: TTaskState | undefined;
}

export interface TInboxQuery {
  page: number;
  filters: TInboxFilters;
  /** Titles and link labels come in this language (Accept-Language), so it is part of the key. */
  language: TLanguage;
}

/** GET /api/notifications: one page of the caller's inbox, newest first, dismissed items left out. */
export function getNotifications({ page, filters }: TInboxQuery, signal?: AbortSignal): Promise<TNotificationPage> {
  const query = new URLSearchParams({ page: String(page), size: String(INBOX_PAGE_SIZE) });
  if (filters.severity) query.set('severity', filters.severity);
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.read !== undefined) query.set('read', String(filters.read));
  if (filters.taskState) query.set('taskState', filters.taskState);
  return apiRequest<TNotificationPage>(notificationsApi.list(query.toString()), signal ? { signal } : {});
}

/** Every inbox query starts with this key: a change to the inbox invalidates them all. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const notificationsQueryOptions = (query: TInboxQuery) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', query],
    queryFn: ({ signal }) => getNotifications(query, signal),
    placeholderData: keepPreviousData,
  });

export function useNotifications(query: TInboxQuery) {
  return useQuery(notificationsQueryOptions(query));
}

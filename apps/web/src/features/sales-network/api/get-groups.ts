import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salesApi, type TGroupPage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/sales/groups with the list's query string (q, state, groupId, sort, page, size). */
export function getGroups(query: string, signal?: AbortSignal): Promise<TGroupPage> {
  return apiRequest<TGroupPage>(salesApi.groups(query), signal ? { signal } : {});
}

export const groupsQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['sales', 'groups', query], queryFn: ({ signal }) => getGroups(query, signal), placeholderData: keepPreviousData });

export function useGroups(query: string) {
  return useQuery(groupsQueryOptions(query));
}

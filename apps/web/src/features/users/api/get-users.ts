import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi, type TUserListPage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/users: the company's users, with the list's query string (search, filters, sort, page, size). */
export function getUsers(query: string, signal?: AbortSignal): Promise<TUserListPage> {
  return apiRequest<TUserListPage>(usersApi.list(query), signal ? { signal } : {});
}

export const usersQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['users', 'list', query], queryFn: ({ signal }) => getUsers(query, signal), placeholderData: keepPreviousData });

export function useUsers(query: string) {
  return useQuery(usersQueryOptions(query));
}

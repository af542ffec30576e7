import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi, type TUserDetail } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/users/{id}: every field, sessions, contract counts and the roles the caller may grant. */
export function getUser(id: string, signal?: AbortSignal): Promise<TUserDetail> {
  return apiRequest<TUserDetail>(usersApi.user(id), signal ? { signal } : {});
}

export const userQueryOptions = (id: string) => queryOptions({ queryKey: ['users', 'detail', id], queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}

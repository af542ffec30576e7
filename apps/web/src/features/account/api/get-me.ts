import { queryOptions, useQuery } from '@tanstack/react-query';
import { investorApi, type TUserMe } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/users/me: the caller's own data. */
export function getMe(signal?: AbortSignal): Promise<TUserMe> {
  return apiRequest<TUserMe>(investorApi.me, signal ? { signal } : {});
}

export const meQueryOptions = (userId: string) => queryOptions({ queryKey: ['me', userId], queryFn: ({ signal }) => getMe(signal) });

export function useMe(userId: string) {
  return useQuery(meQueryOptions(userId));
}

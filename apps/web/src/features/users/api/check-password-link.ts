import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi, type TPasswordLinkInfo } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/users/password/check: whether a one-time password link still works (404 invalid, 409 used, 410 expired). */
export function checkPasswordLink(userId: string, token: string, signal?: AbortSignal): Promise<TPasswordLinkInfo> {
  return apiRequest<TPasswordLinkInfo>(usersApi.checkPasswordLink, { method: 'POST', body: { userId, token }, ...(signal ? { signal } : {}) });
}

export const passwordLinkQueryOptions = (userId: string, token: string) =>
  queryOptions({
    queryKey: ['password-link', userId, token],
    queryFn: ({ signal }) => checkPasswordLink(userId, token, signal),
    retry: false,
    staleTime: Infinity,
    enabled: userId !== '' && token !== '',
  });

export function usePasswordLink(userId: string, token: string) {
  return useQuery(passwordLinkQueryOptions(userId, token));
}

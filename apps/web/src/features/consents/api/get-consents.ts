import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConsentOverview } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { CONSENTS_API } from '../../../lib/cookie-consent.ts';

/** GET /api/users/me/consents: the caller's current consent per purpose and the whole history. */
export function getConsents(signal?: AbortSignal): Promise<TConsentOverview> {
  return apiRequest<TConsentOverview>(CONSENTS_API, signal ? { signal } : {});
}

export const consentsQueryKey = (userId: string) => ['consents', userId] as const;

export const consentsQueryOptions = (userId: string) => queryOptions({ queryKey: consentsQueryKey(userId), queryFn: ({ signal }) => getConsents(signal) });

export function useConsents(userId: string) {
  return useQuery(consentsQueryOptions(userId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { setEnrolmentRequired } from '../../../lib/strong-auth-bridge.ts';
import { strongAuthApi, ZStrongAuthStatus, type TStrongAuthStatus } from './strong-auth-api.ts';

/** GET /api/strong-auth: the caller's factors, recovery codes left, and whether staff must enrol. */
export async function getStrongAuthStatus(signal?: AbortSignal): Promise<TStrongAuthStatus> {
  const status = ZStrongAuthStatus.parse(await apiRequest<unknown>(strongAuthApi.status, signal ? { signal } : {}));
  // The staff enrolment gate follows what the server says (set on, and off once enrolled).
  setEnrolmentRequired(status.enrolmentRequired);
  return status;
}

export const strongAuthStatusQueryKey = ['strong-auth', 'status'] as const;

export const strongAuthStatusQueryOptions = () =>
  queryOptions({ queryKey: strongAuthStatusQueryKey, queryFn: ({ signal }) => getStrongAuthStatus(signal), staleTime: 0 });

export function useStrongAuthStatus() {
  return useQuery(strongAuthStatusQueryOptions());
}

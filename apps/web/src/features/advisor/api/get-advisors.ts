import { queryOptions, useQuery } from '@tanstack/react-query';
import { advisorApi, type TAdvisorOptions } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/advisor/advisors: the company's active advisors (ADMIN, COMPANY_MANAGER). */
export function getAdvisors(signal?: AbortSignal): Promise<TAdvisorOptions> {
  return apiRequest<TAdvisorOptions>(advisorApi.advisors, signal ? { signal } : {});
}

export const advisorsQueryOptions = () => queryOptions({ queryKey: ['advisor', 'advisors'], queryFn: ({ signal }) => getAdvisors(signal) });

export function useAdvisors(enabled: boolean) {
  return useQuery({ ...advisorsQueryOptions(), enabled });
}

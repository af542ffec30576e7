import { queryOptions, useQuery } from '@tanstack/react-query';
import { advisorApi, type TAdvisorClientDetail } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/advisor/clients/{id}: the client's page (customerDetails). */
export function getClient(id: string, signal?: AbortSignal): Promise<TAdvisorClientDetail> {
  return apiRequest<TAdvisorClientDetail>(advisorApi.client(id), signal ? { signal } : {});
}

export const clientQueryOptions = (id: string) => queryOptions({ queryKey: ['advisor', 'client', id], queryFn: ({ signal }) => getClient(id, signal) });

export function useClient(id: string) {
  return useQuery(clientQueryOptions(id));
}

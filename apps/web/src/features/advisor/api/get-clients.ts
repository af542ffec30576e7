import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { advisorApi, type TAdvisorClientPage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/advisor/clients: the advisor's clients (or an administrator's choice), searched and paged. */
export function getClients(query: string, signal?: AbortSignal): Promise<TAdvisorClientPage> {
  return apiRequest<TAdvisorClientPage>(advisorApi.clients(query), signal ? { signal } : {});
}

export const clientsQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['advisor', 'clients', query], queryFn: ({ signal }) => getClients(query, signal), placeholderData: keepPreviousData });

export function useClients(query: string) {
  return useQuery(clientsQueryOptions(query));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { leadsApi, type TAgentClientPage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/agent/clients: the agent's clients with their contracts (read only). */
export function getClients(query: string, signal?: AbortSignal): Promise<TAgentClientPage> {
  return apiRequest<TAgentClientPage>(leadsApi.clients(query), signal ? { signal } : {});
}

export const clientsQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['leads', 'clients', query], queryFn: ({ signal }) => getClients(query, signal), placeholderData: keepPreviousData });

export function useClients(query: string) {
  return useQuery(clientsQueryOptions(query));
}

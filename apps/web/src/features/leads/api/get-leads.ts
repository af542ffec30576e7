import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { leadsApi, type TLeadPage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/agent/leads: the agent's leads with the list's query string (state, q, sort, page, size). */
export function getLeads(query: string, signal?: AbortSignal): Promise<TLeadPage> {
  return apiRequest<TLeadPage>(leadsApi.leads(query), signal ? { signal } : {});
}

export const leadsQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['leads', 'list', query], queryFn: ({ signal }) => getLeads(query, signal), placeholderData: keepPreviousData });

export function useLeads(query: string) {
  return useQuery(leadsQueryOptions(query));
}

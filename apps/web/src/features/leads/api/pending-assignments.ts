import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { leadsApi, type TAssignableAgentList, type TPendingAssignmentPage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/sales/pending-assignments: confirmed investors with no agent. */
export function getPending(query: string, signal?: AbortSignal): Promise<TPendingAssignmentPage> {
  return apiRequest<TPendingAssignmentPage>(leadsApi.pending(query), signal ? { signal } : {});
}

export const pendingQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['pending-assignments', 'list', query], queryFn: ({ signal }) => getPending(query, signal), placeholderData: keepPreviousData });

export const usePending = (query: string) => useQuery(pendingQueryOptions(query));

/** GET /api/sales/assignable-agents: the agents the caller may assign clients to. */
export function getAssignableAgents(signal?: AbortSignal): Promise<TAssignableAgentList> {
  return apiRequest<TAssignableAgentList>(leadsApi.assignableAgents, signal ? { signal } : {});
}

export const useAssignableAgents = () =>
  useQuery(queryOptions({ queryKey: ['pending-assignments', 'agents'], queryFn: ({ signal }) => getAssignableAgents(signal) }));

/** POST /api/sales/pending-assignments/{customerId}: assigns the investor to an agent. */
export function assignClient({ customerId, agentId }: { customerId: string; agentId: string }) {
  return apiRequest<{ customerId: string; agentId: string; assignedAt: string }>(leadsApi.assign(customerId), { method: 'POST', body: { agentId } });
}

export function useAssignClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pending-assignments', 'list'] }) });
}

import { salesApi } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSalesMutation } from './sales-mutation.ts';

/** PUT /api/sales/agents/{id}/team: into a team, or out of every team (null). */
export function moveAgent({ agentId, teamId }: { agentId: string; teamId: string | null }): Promise<unknown> {
  return apiRequest<unknown>(salesApi.agentTeam(agentId), { method: 'PUT', body: { teamId } });
}

export function useMoveAgent() {
  return useSalesMutation(moveAgent);
}

import { salesApi } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSalesMutation } from './sales-mutation.ts';

/** POST /api/sales/groups/{id}/close or /api/sales/teams/{id}/close. */
export function closeNode({ kind, id }: { kind: 'group' | 'team'; id: string }): Promise<unknown> {
  return apiRequest<unknown>(kind === 'group' ? salesApi.closeGroup(id) : salesApi.closeTeam(id), { method: 'POST' });
}

export function useCloseNode() {
  return useSalesMutation(closeNode);
}

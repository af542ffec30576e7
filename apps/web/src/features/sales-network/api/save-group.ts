import { salesApi, type TGroupDetail, type TGroupRequestInput } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSalesMutation } from './sales-mutation.ts';

/** POST /api/sales/groups (a new group) or PUT /api/sales/groups/{id} (an edit). */
export function saveGroup({ id, body }: { id?: string; body: TGroupRequestInput }): Promise<TGroupDetail> {
  return id ? apiRequest<TGroupDetail>(salesApi.group(id), { method: 'PUT', body }) : apiRequest<TGroupDetail>(salesApi.groups(), { method: 'POST', body });
}

export function useSaveGroup() {
  return useSalesMutation(saveGroup);
}

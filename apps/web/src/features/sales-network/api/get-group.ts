import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesApi, type TGroupDetail } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/sales/groups/{id}: the group with its figures. */
export function getGroup(id: string, signal?: AbortSignal): Promise<TGroupDetail> {
  return apiRequest<TGroupDetail>(salesApi.group(id), signal ? { signal } : {});
}

export const groupQueryOptions = (id: string) => queryOptions({ queryKey: ['sales', 'group', id], queryFn: ({ signal }) => getGroup(id, signal) });

export function useGroup(id: string) {
  return useQuery(groupQueryOptions(id));
}

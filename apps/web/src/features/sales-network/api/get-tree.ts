import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesApi, type TTree } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/sales/tree: groups → teams → agents with each node's figures, as far as the caller reaches. */
export function getTree(signal?: AbortSignal): Promise<TTree> {
  return apiRequest<TTree>(salesApi.tree, signal ? { signal } : {});
}

export const treeQueryOptions = () => queryOptions({ queryKey: ['sales', 'tree'], queryFn: ({ signal }) => getTree(signal) });

export function useTree() {
  return useQuery(treeQueryOptions());
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetsApi, type TAsset, type TAssetInput } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/assets (a new draft) or PUT /api/admin/assets/{id} (an edit); the lists are read again. */
export function saveAsset({ id, body }: { id?: string; body: TAssetInput }): Promise<TAsset> {
  return id
    ? apiRequest<TAsset>(assetsApi.adminDetail(id), { method: 'PUT', body })
    : apiRequest<TAsset>(assetsApi.adminCreate, { method: 'POST', body });
}

export function useSaveAsset() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAsset, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['assets'] }) });
}

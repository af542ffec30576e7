import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetsApi, type TAsset, type TAssetTransition } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/assets/{id}/publish or /withdraw (ADMIN); the lists are read again. */
export function changeAssetStatus({ id, action }: { id: string; action: TAssetTransition }): Promise<TAsset> {
  return apiRequest<TAsset>(action === 'publish' ? assetsApi.publish(id) : assetsApi.withdraw(id), { method: 'POST' });
}

export function useChangeAssetStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeAssetStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['assets'] }) });
}

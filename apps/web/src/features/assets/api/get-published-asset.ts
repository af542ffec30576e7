import { queryOptions, useQuery } from '@tanstack/react-query';
import { assetsApi, type TAsset } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/assets/{id} (public): one published home or plantation (apartmentDetail). */
export function getPublishedAsset(assetId: string, signal?: AbortSignal): Promise<TAsset> {
  return apiRequest<TAsset>(assetsApi.detail(assetId), signal ? { signal } : {});
}

export const publishedAssetQueryOptions = (assetId: string) =>
  queryOptions({ queryKey: ['assets', 'apartmentDetail', assetId], queryFn: ({ signal }) => getPublishedAsset(assetId, signal), retry: false });

export function usePublishedAsset(assetId: string) {
  return useQuery(publishedAssetQueryOptions(assetId));
}

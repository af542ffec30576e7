import { queryOptions, useQuery } from '@tanstack/react-query';
import { assetsApi, type TPublishedAssets } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/assets (public): the published homes (apartmentList), plantations and their figures (productoInversion). */
export function getPublishedAssets(signal?: AbortSignal): Promise<TPublishedAssets> {
  return apiRequest<TPublishedAssets>(assetsApi.list, signal ? { signal } : {});
}

export const publishedAssetsQueryOptions = () =>
  queryOptions({ queryKey: ['assets', 'apartmentList'], queryFn: ({ signal }) => getPublishedAssets(signal) });

export function usePublishedAssets() {
  return useQuery(publishedAssetsQueryOptions());
}

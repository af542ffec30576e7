import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { assetsApi, type TAdminAssetList, type TAdminAssetQuery } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/assets (ADMIN): every asset of the company, filtered by status, kind and text. */
export function getAdminAssets(query: TAdminAssetQuery, signal?: AbortSignal): Promise<TAdminAssetList> {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  return apiRequest<TAdminAssetList>(assetsApi.adminList(params.toString()), signal ? { signal } : {});
}

export const adminAssetsQueryOptions = (query: TAdminAssetQuery) =>
  queryOptions({ queryKey: ['assets', 'admin', query], queryFn: ({ signal }) => getAdminAssets(query, signal) });

/** While a new filter or search loads, the list keeps showing the previous answer (no loading screen in between). */
export function useAdminAssets(query: TAdminAssetQuery) {
  return useQuery({ ...adminAssetsQueryOptions(query), placeholderData: keepPreviousData });
}

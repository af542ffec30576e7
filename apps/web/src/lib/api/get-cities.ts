import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsApiPaths, type TLookupItem } from '@kc/domain';
import { apiRequest } from '../api-client.ts';

/** GET /api/lookup/cities/{countryId}. With no country chosen no call is made (specification 7). */
export function getCities(countryId: string): Promise<TLookupItem[]> {
  return apiRequest<TLookupItem[]>(accountsApiPaths.cities(countryId));
}

export const citiesQueryOptions = (countryId: string) =>
  queryOptions({ queryKey: ['lookup', 'cities', countryId], queryFn: () => getCities(countryId), staleTime: Infinity, enabled: countryId !== '' });

export function useCities(countryId: string) {
  return useQuery(citiesQueryOptions(countryId));
}

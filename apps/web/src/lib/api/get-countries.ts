import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsApiPaths, type TLanguage, type TLookupItem } from '@kc/domain';
import { apiRequest } from '../api-client.ts';

/** GET /api/lookup/countries: every country, named in the page's language. */
export function getCountries(): Promise<TLookupItem[]> {
  return apiRequest<TLookupItem[]>(accountsApiPaths.countries);
}

export const countriesQueryOptions = (language: TLanguage) =>
  queryOptions({ queryKey: ['lookup', 'countries', language], queryFn: getCountries, staleTime: Infinity });

export function useCountries(language: TLanguage) {
  return useQuery(countriesQueryOptions(language));
}

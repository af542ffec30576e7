import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salesApi, type TZonePage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/sales/zones with the list's query string (q, state, groupId, sort, page, size). */
export function getZones(query: string, signal?: AbortSignal): Promise<TZonePage> {
  return apiRequest<TZonePage>(salesApi.zones(query), signal ? { signal } : {});
}

export const zonesQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['sales', 'zones', query], queryFn: ({ signal }) => getZones(query, signal), placeholderData: keepPreviousData });

export function useZones(query: string) {
  return useQuery(zonesQueryOptions(query));
}

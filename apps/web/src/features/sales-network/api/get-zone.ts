import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesApi, type TZoneDetail } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/sales/zones/{id}: the zone with its figures. */
export function getZone(id: string, signal?: AbortSignal): Promise<TZoneDetail> {
  return apiRequest<TZoneDetail>(salesApi.zone(id), signal ? { signal } : {});
}

export const zoneQueryOptions = (id: string) => queryOptions({ queryKey: ['sales', 'zone', id], queryFn: ({ signal }) => getZone(id, signal) });

export function useZone(id: string) {
  return useQuery(zoneQueryOptions(id));
}

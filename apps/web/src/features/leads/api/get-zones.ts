import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadsApi, type TAgentZoneList } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/agent/zones: the operative zones a lead can be placed in. */
export function getZones(signal?: AbortSignal): Promise<TAgentZoneList> {
  return apiRequest<TAgentZoneList>(leadsApi.zones, signal ? { signal } : {});
}

export const zonesQueryOptions = () => queryOptions({ queryKey: ['leads', 'zones'], queryFn: ({ signal }) => getZones(signal), staleTime: 5 * 60_000 });

export function useZones() {
  return useQuery(zonesQueryOptions());
}

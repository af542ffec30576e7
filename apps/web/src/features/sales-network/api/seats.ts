import { salesApi, type TZoneDetail } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSalesMutation } from './sales-mutation.ts';

/** POST /api/sales/zones/{id}/seats: a seat of a type, for oneself (agent) or for an agent (staff). */
export function takeSeat({ zoneId, type, agentId }: { zoneId: string; type: string; agentId?: string }): Promise<TZoneDetail> {
  return apiRequest<TZoneDetail>(salesApi.seats(zoneId), { method: 'POST', body: agentId ? { type, agentId } : { type } });
}

/** DELETE /api/sales/zones/{id}/seats/{agentId}. */
export function releaseSeat({ zoneId, agentId }: { zoneId: string; agentId: string }): Promise<TZoneDetail> {
  return apiRequest<TZoneDetail>(salesApi.seat(zoneId, agentId), { method: 'DELETE' });
}

export function useTakeSeat() {
  return useSalesMutation(takeSeat);
}

export function useReleaseSeat() {
  return useSalesMutation(releaseSeat);
}

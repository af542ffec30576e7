import { queryOptions, useQuery } from '@tanstack/react-query';
import { ledgerApi, type TSchedule } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/ledger/contracts/{id}/schedule: the contract's payment schedule with what is paid. */
export function getSchedule(contractId: string, signal?: AbortSignal): Promise<TSchedule> {
  return apiRequest<TSchedule>(ledgerApi.schedule(contractId), signal ? { signal } : {});
}

export const scheduleQueryOptions = (contractId: string) =>
  queryOptions({ queryKey: ['ledger', 'schedule', contractId], queryFn: ({ signal }) => getSchedule(contractId, signal) });

export function useSchedule(contractId: string) {
  return useQuery(scheduleQueryOptions(contractId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { investorApi, type TContractDetail } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/contracts/{id}: every field, the state history and the actions allowed. */
export function getContract(id: string, signal?: AbortSignal): Promise<TContractDetail> {
  return apiRequest<TContractDetail>(investorApi.contract(id), signal ? { signal } : {});
}

export const contractQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['contract', id], queryFn: ({ signal }) => getContract(id, signal) });

export function useContract(id: string | undefined) {
  return useQuery({ ...contractQueryOptions(id ?? ''), enabled: Boolean(id) });
}

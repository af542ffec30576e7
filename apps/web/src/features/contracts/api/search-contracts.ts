import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { investorApi, type TContractFilter, type TContractPage, type TContractSearchFilters } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export interface TSearchParams {
  userId: string;
  contractState: TContractFilter;
  page: number;
  size: number;
  /** 'field,asc|desc'. */
  sort?: string | undefined;
  filters?: TContractSearchFilters;
}

/** POST /api/users/{userId}/contracts/search: filters in the body; page, size, sort and state in the query. */
export function searchContracts(params: TSearchParams, signal?: AbortSignal): Promise<TContractPage> {
  const query = new URLSearchParams({ page: String(params.page), size: String(params.size), contractState: params.contractState });
  if (params.sort) query.set('sort', params.sort);
  return apiRequest<TContractPage>(investorApi.searchContracts(params.userId, query.toString()), {
    method: 'POST',
    body: params.filters ?? {},
    ...(signal ? { signal } : {}),
  });
}

export const searchContractsQueryOptions = (params: TSearchParams) =>
  queryOptions({
    queryKey: ['contract-search', params],
    queryFn: ({ signal }) => searchContracts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useSearchContracts(params: TSearchParams) {
  return useQuery(searchContractsQueryOptions(params));
}

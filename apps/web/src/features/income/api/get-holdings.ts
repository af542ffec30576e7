import { queryOptions, useQuery } from '@tanstack/react-query';
import { ledgerApi, type THoldings } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/ledger/customers/{id}/holdings: units, paid in, income and value per contract. */
export function getHoldings(customerId: string, signal?: AbortSignal): Promise<THoldings> {
  return apiRequest<THoldings>(ledgerApi.holdings(customerId), signal ? { signal } : {});
}

export const holdingsQueryOptions = (customerId: string) =>
  queryOptions({ queryKey: ['ledger', 'holdings', customerId], queryFn: ({ signal }) => getHoldings(customerId, signal) });

export function useHoldings(customerId: string | undefined) {
  return useQuery({ ...holdingsQueryOptions(customerId ?? ''), enabled: Boolean(customerId) });
}

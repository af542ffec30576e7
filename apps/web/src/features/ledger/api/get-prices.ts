import { queryOptions, useQuery } from '@tanstack/react-query';
import { ledgerApi, type TPriceHistory } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/ledger/prices (public): the published KC reference prices, oldest first. */
export function getPrices(signal?: AbortSignal): Promise<TPriceHistory> {
  return apiRequest<TPriceHistory>(ledgerApi.prices(), signal ? { signal } : {});
}

export const pricesQueryOptions = () => queryOptions({ queryKey: ['ledger', 'prices'], queryFn: ({ signal }) => getPrices(signal) });

export function usePrices() {
  return useQuery(pricesQueryOptions());
}

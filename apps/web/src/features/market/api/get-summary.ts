import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { marketApi } from './paths.ts';
import type { TMarketSummary } from './types.ts';

/** GET /api/market/summary (public): reference price, band, fee, history, last trades, depth. */
export function getMarketSummary(signal?: AbortSignal): Promise<TMarketSummary> {
  return apiRequest<TMarketSummary>(marketApi.summary, signal ? { signal } : {});
}

export const marketSummaryQueryOptions = () => queryOptions({ queryKey: ['market', 'summary'], queryFn: ({ signal }) => getMarketSummary(signal) });

export function useMarketSummary() {
  return useQuery(marketSummaryQueryOptions());
}

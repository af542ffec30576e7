import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { marketApi } from './paths.ts';
import type { TMarketOffer, TOfferPage, TOfferQuery } from './types.ts';

export const OFFERS_PAGE_SIZE = 20;

/** GET /api/market/offers (investor): the open offers, filtered, sorted and paged. */
export function getOffers(query: TOfferQuery, signal?: AbortSignal): Promise<TOfferPage> {
  return apiRequest<TOfferPage>(marketApi.offersFor(query), signal ? { signal } : {});
}

export const offersQueryOptions = (query: TOfferQuery) =>
  queryOptions({ queryKey: ['market', 'offers', query], queryFn: ({ signal }) => getOffers(query, signal), placeholderData: keepPreviousData });

export function useOffers(query: TOfferQuery, enabled = true) {
  return useQuery({ ...offersQueryOptions(query), enabled });
}

/** GET /api/market/offers/{id} (investor): one open offer, or null when it is no longer open (404). */
export async function getOffer(id: string, signal?: AbortSignal): Promise<TMarketOffer | null> {
  try {
    return await apiRequest<TMarketOffer>(marketApi.offer(id), signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useOffer(id: string | undefined) {
  return useQuery({ queryKey: ['market', 'offer', id], queryFn: ({ signal }) => getOffer(id ?? '', signal), enabled: Boolean(id) });
}

import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { marketApi } from './paths.ts';
import type { TMyOffer, TMyTrades } from './types.ts';

/** GET /api/market/my-offers: the investor's offers in every status, with their fills. */
export function useMyOffers(enabled = true) {
  return useQuery({
    queryKey: ['market', 'my-offers'],
    queryFn: ({ signal }) => apiRequest<{ items: TMyOffer[] }>(marketApi.myOffers, { signal }),
    enabled,
  });
}

/** GET /api/market/trades/mine: the investor's buys and sales, each with its document, each sale's payout status and the payouts received. */
export function useMyTrades(enabled = true) {
  return useQuery({
    queryKey: ['market', 'my-trades'],
    queryFn: ({ signal }) => apiRequest<TMyTrades>(marketApi.myTrades, { signal }),
    enabled,
  });
}

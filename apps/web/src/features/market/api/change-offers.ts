import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { marketApi } from './paths.ts';
import type { TCreateOfferRequest, TMyOffer, TUpdateOfferRequest } from './types.ts';

/** Everything an offer changes: the public summary (depth), the offers, the seller's own lists and holdings. */
async function refreshMarket(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['market'] }),
    queryClient.invalidateQueries({ queryKey: ['ledger', 'holdings'] }),
  ]);
}

/** POST /api/market/offers (step-up `sell`): units of an ACTIVE contract at a price in the band. */
export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateOfferRequest) => apiRequest<TMyOffer>(marketApi.offers(), { method: 'POST', body }),
    onSuccess: () => refreshMarket(queryClient),
  });
}

/** PATCH /api/market/offers/{id} (step-up `sell`): units, price or validity of an open offer. */
export function useUpdateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateOfferRequest }) => apiRequest<TMyOffer>(marketApi.offer(id), { method: 'PATCH', body }),
    onSuccess: () => refreshMarket(queryClient),
  });
}

/** DELETE /api/market/offers/{id}: withdraws an open offer (its units are free again). */
export function useWithdrawOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(marketApi.offer(id), { method: 'DELETE' }),
    onSuccess: () => refreshMarket(queryClient),
  });
}

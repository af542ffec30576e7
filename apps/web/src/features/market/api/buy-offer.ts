import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { marketApi } from './paths.ts';
import type { TBuyRequest, TBuyResult } from './types.ts';

/**
 * POST /api/market/offers/{id}/buy (step-up `buy`) with the purchase attempt's Idempotency-Key:
 * the same key on a retry (a lost answer, the step-up dialog's replay) never buys twice.
 */
export function buyOffer(offerId: string, body: TBuyRequest, idempotencyKey: string): Promise<TBuyResult> {
  return apiRequest<TBuyResult>(marketApi.buy(offerId), { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });
}

export function useBuyOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { offerId: string; body: TBuyRequest; idempotencyKey: string }) => buyOffer(input.offerId, input.body, input.idempotencyKey),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['market'] }),
        queryClient.invalidateQueries({ queryKey: ['ledger', 'holdings'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['documents'] }),
      ]);
    },
  });
}

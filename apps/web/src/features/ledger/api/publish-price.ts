import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ledgerApi, type TPrice, type TPublishPriceRequest } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/ledger/prices (ADMIN): publishes the price of a value date; the history is read again. */
export function publishPrice(body: TPublishPriceRequest): Promise<TPrice> {
  return apiRequest<TPrice>(ledgerApi.publishPrice, { method: 'POST', body });
}

export function usePublishPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ledger', 'prices'] }),
  });
}

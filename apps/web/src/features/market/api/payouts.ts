import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPayout, TRecordPayoutRequest, TSellerPayables } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { marketApi } from './paths.ts';

export type TPayablesQuery = { filter: 'owed' | 'all'; page: number; size: number };

/** GET /api/market/payouts (staff): what the platform owes each seller contract, most owed first. */
export function useSellerPayables(query: TPayablesQuery) {
  const params = new URLSearchParams({ filter: query.filter, page: String(query.page), size: String(query.size) });
  return useQuery({
    queryKey: ['market', 'payouts', query],
    queryFn: ({ signal }) => apiRequest<TSellerPayables>(marketApi.payouts(params.toString()), { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/market/payouts/contracts/{contractId} with the attempt's Idempotency-Key: the same
 * key on a retry of the same payout (a lost answer) never records it twice.
 */
export function recordPayout(contractId: string, body: TRecordPayoutRequest, idempotencyKey: string): Promise<TPayout> {
  return apiRequest<TPayout>(marketApi.contractPayouts(contractId), { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });
}

export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { contractId: string; body: TRecordPayoutRequest; idempotencyKey: string }) => recordPayout(input.contractId, input.body, input.idempotencyKey),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['market', 'payouts'] });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAppropriatenessRequest, TAppropriatenessResult, TAppropriatenessStatus, TRiskCheck } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const base = (customerId: string) => `/api/customers/${encodeURIComponent(customerId)}`;

/** GET /api/customers/{customerId}/appropriateness: the latest test (null when none). */
export function useAppropriateness(customerId: string) {
  return useQuery({
    queryKey: ['appropriateness', customerId],
    queryFn: () => apiRequest<TAppropriatenessStatus>(`${base(customerId)}/appropriateness`),
  });
}

/** POST /api/customers/{customerId}/appropriateness: the investor's own test. */
export function useSubmitAppropriateness(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAppropriatenessRequest) =>
      apiRequest<TAppropriatenessResult>(`${base(customerId)}/appropriateness`, { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['appropriateness', customerId] });
      await queryClient.invalidateQueries({ queryKey: ['risk-check', customerId] });
    },
  });
}

/** POST /api/customers/{customerId}/risk-check: the warnings a hire of these amounts shows. */
export function useRiskCheck(customerId: string, initialAmount: number, recurringAmount: number) {
  return useQuery({
    queryKey: ['risk-check', customerId, initialAmount, recurringAmount],
    queryFn: () => apiRequest<TRiskCheck>(`${base(customerId)}/risk-check`, { method: 'POST', body: { initialAmount, recurringAmount } }),
  });
}

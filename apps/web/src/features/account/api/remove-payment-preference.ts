import { useMutation, useQueryClient } from '@tanstack/react-query';
import { investorApi } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /api/users/payment-preferences/{id}. */
export function removePaymentPreference(id: string): Promise<void> {
  return apiRequest<void>(investorApi.paymentPreference(id), { method: 'DELETE' });
}

export function useRemovePaymentPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentPreference,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-preferences'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { investorApi, type TAddCardRequestInput, type TPaymentPreference } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/users/payment-preferences: adds a card (the server keeps only brand, last four and expiry). */
export function addCard(body: TAddCardRequestInput): Promise<TPaymentPreference> {
  return apiRequest<TPaymentPreference>(investorApi.paymentPreferences, { method: 'POST', body });
}

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-preferences'] }),
  });
}

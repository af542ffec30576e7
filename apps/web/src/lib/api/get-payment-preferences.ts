import { queryOptions, useQuery } from '@tanstack/react-query';
import { investorApi, type TPaymentPreference } from '@kc/domain';
import { apiRequest } from '../api-client.ts';

/** GET /api/users/payment-preferences: the caller's payment methods (formaDePago, the account page). */
export function getPaymentPreferences(signal?: AbortSignal): Promise<TPaymentPreference[]> {
  return apiRequest<TPaymentPreference[]>(investorApi.paymentPreferences, signal ? { signal } : {});
}

export const paymentPreferencesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['payment-preferences', userId], queryFn: ({ signal }) => getPaymentPreferences(signal) });

export function usePaymentPreferences(userId: string) {
  return useQuery(paymentPreferencesQueryOptions(userId));
}

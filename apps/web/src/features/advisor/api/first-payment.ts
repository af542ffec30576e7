import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ledgerApi, type TPayment, type TPaymentList, type TRecordPaymentRequest } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * A contract's recorded payments and the recording of the first one (issue 15): activating a
 * NEW contract needs a recorded payment, named by its reference.
 */
export function getContractPayments(contractId: string, signal?: AbortSignal): Promise<TPaymentList> {
  return apiRequest<TPaymentList>(ledgerApi.payments(contractId), signal ? { signal } : {});
}

export const contractPaymentsQueryOptions = (contractId: string) =>
  queryOptions({ queryKey: ['ledger', 'payments', contractId], queryFn: ({ signal }) => getContractPayments(contractId, signal) });

export function useContractPayments(contractId: string) {
  return useQuery(contractPaymentsQueryOptions(contractId));
}

export function recordPayment({ contractId, body }: { contractId: string; body: TRecordPaymentRequest }): Promise<TPayment> {
  return apiRequest<TPayment>(ledgerApi.payments(contractId), { method: 'POST', body });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordPayment, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ledger'] }) });
}

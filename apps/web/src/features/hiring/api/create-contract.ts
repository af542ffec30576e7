import { useMutation, useQueryClient } from '@tanstack/react-query';
import { investorApi, type TContractDetail, type TCreateContractRequest } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/customers/{customerId}/contracts with an Idempotency-Key, so a retry never hires twice. */
export function createContract(customerId: string, body: TCreateContractRequest, idempotencyKey: string): Promise<TContractDetail> {
  return apiRequest<TContractDetail>(investorApi.customerContracts(customerId), {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function useCreateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { customerId: string; body: TCreateContractRequest; idempotencyKey: string }) =>
      createContract(input.customerId, input.body, input.idempotencyKey),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['contract-search'] }),
      ]);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { investorApi, type TContractAction, type TContractDetail } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export interface TAdvisorTransition {
  contractId: string;
  action: Extract<TContractAction, 'activate' | 'suspend' | 'resume'>;
  /** The first payment's reference (activate) or the reason (suspend, resume). */
  detail: string;
}

/** POST /api/contracts/{id}/{action} with the payment reference or the reason: the one transition endpoint. */
export function transitionContract({ contractId, action, detail }: TAdvisorTransition): Promise<TContractDetail> {
  const body = action === 'activate' ? { paymentReference: detail } : { reason: detail };
  return apiRequest<TContractDetail>(investorApi.contractAction(contractId, action), { method: 'POST', body });
}

/** On success the queue, the clients' counters and the client's page are read again. */
export function useAdvisorTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionContract,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['advisor'] }), queryClient.invalidateQueries({ queryKey: ['contracts'] }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]),
  });
}

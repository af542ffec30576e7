import { useMutation, useQueryClient } from '@tanstack/react-query';
import { investorApi, type TContractAction, type TContractDetail } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/contracts/{id}/{action}: archive, recover, cancel, activate, suspend or resume. */
export function transitionContract(id: string, action: TContractAction): Promise<TContractDetail> {
  return apiRequest<TContractDetail>(investorApi.contractAction(id, action), { method: 'POST' });
}

/** Runs a transition and refreshes the contract, the board and the lists. */
export function useTransitionContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: TContractAction }) => transitionContract(id, action),
    onSuccess: async (contract) => {
      queryClient.setQueryData(['contract', contract.id], contract);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['contract-search'] }),
      ]);
    },
  });
}

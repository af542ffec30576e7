import { useMutation, useQueryClient } from '@tanstack/react-query';
import { investorApi, type TContractDetail, type TReflectionWaiverRequest } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/contracts/{id}/waive-reflection: the investor waives a NEW contract's reflection period (decision 0026). */
export function waiveReflection(id: string, body: TReflectionWaiverRequest): Promise<TContractDetail> {
  return apiRequest<TContractDetail>(investorApi.waiveReflection(id), { method: 'POST', body });
}

/** Waives and refreshes the contract, the board and the lists. */
export function useWaiveReflection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TReflectionWaiverRequest }) => waiveReflection(id, body),
    onSuccess: async (contract) => {
      queryClient.setQueryData(['contract', contract.id], contract);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['contract-search'] }),
      ]);
    },
  });
}

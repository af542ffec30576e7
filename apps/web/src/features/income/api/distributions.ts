import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { incomeApi, type TDeclareDistributionRequest, type TDistributionPreview, type TIncomeDistribution, type TIncomeDistributionList } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/income/distributions (ADMIN): the company's distributions, newest first. */
export function getDistributions(signal?: AbortSignal): Promise<TIncomeDistributionList> {
  return apiRequest<TIncomeDistributionList>(incomeApi.distributions, signal ? { signal } : {});
}

export const distributionsQueryOptions = () => queryOptions({ queryKey: ['income', 'distributions'], queryFn: ({ signal }) => getDistributions(signal) });

export function useDistributions() {
  return useQuery(distributionsQueryOptions());
}

/** POST /api/income/distributions/preview: what the distribution would credit (records nothing). */
export function usePreviewDistribution() {
  return useMutation({ mutationFn: (body: TDeclareDistributionRequest) => apiRequest<TDistributionPreview>(incomeApi.preview, { method: 'POST', body }) });
}

/** POST /api/income/distributions: declares it; the list and every holding are read again. */
export function useDeclareDistribution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDeclareDistributionRequest) => apiRequest<TIncomeDistribution>(incomeApi.distributions, { method: 'POST', body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['income'] }),
        queryClient.invalidateQueries({ queryKey: ['ledger', 'holdings'] }),
      ]);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankStatementsApi, type TStatementLine } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export type TResolution = { lineId: string; kind: 'assign'; contractId: string } | { lineId: string; kind: 'dismiss'; reason: string };

/** POST …/lines/{id}/assign (books the payment) or …/dismiss (with the reason). */
export function resolveLine(resolution: TResolution): Promise<TStatementLine> {
  if (resolution.kind === 'assign') {
    return apiRequest<TStatementLine>(bankStatementsApi.assign(resolution.lineId), { method: 'POST', body: { contractId: resolution.contractId } });
  }
  return apiRequest<TStatementLine>(bankStatementsApi.dismiss(resolution.lineId), { method: 'POST', body: { reason: resolution.reason } });
}

export function useResolveLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveLine,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['bankStatements'] }), queryClient.invalidateQueries({ queryKey: ['ledger'] })]),
  });
}

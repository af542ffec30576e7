import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ledgerApi, type TJournal, type TReverseJournalRequest } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/ledger/journals/{id}/reverse (ADMIN): a reversing journal dated today; the ledger's reads (payments, holdings) are read again. */
export function reverseJournal({ journalId, body }: { journalId: string; body: TReverseJournalRequest }): Promise<TJournal> {
  return apiRequest<TJournal>(ledgerApi.reverse(journalId), { method: 'POST', body });
}

export function useReverseJournal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reverseJournal, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ledger'] }) });
}

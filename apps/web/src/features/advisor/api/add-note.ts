import { useMutation, useQueryClient } from '@tanstack/react-query';
import { advisorApi, type TClientNote, type TCreateNoteRequest } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/advisor/clients/{id}/notes: adds a note; answers the notes, newest first. */
export function addNote(clientId: string, body: TCreateNoteRequest): Promise<{ notes: TClientNote[] }> {
  return apiRequest<{ notes: TClientNote[] }>(advisorApi.notes(clientId), { method: 'POST', body });
}

export function useAddNote(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateNoteRequest) => addNote(clientId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['advisor', 'client', clientId] }),
  });
}

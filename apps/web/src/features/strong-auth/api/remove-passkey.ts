import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { strongAuthStatusQueryKey } from './get-status.ts';
import { strongAuthApi } from './strong-auth-api.ts';

/** DELETE /api/strong-auth/passkeys/:id (a step-up first). */
export function removePasskey(id: string): Promise<void> {
  return apiRequest<void>(strongAuthApi.passkey(id), { method: 'DELETE' });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  // Done once the status is read again, so the screen shows the removal and its message together.
  return useMutation({ mutationFn: removePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: strongAuthStatusQueryKey }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { strongAuthStatusQueryKey } from './get-status.ts';
import { strongAuthApi } from './strong-auth-api.ts';

/** DELETE /api/strong-auth/totp: removes the authenticator app (a step-up first). */
export function removeTotp(): Promise<void> {
  return apiRequest<void>(strongAuthApi.totp, { method: 'DELETE' });
}

export function useRemoveTotp() {
  const queryClient = useQueryClient();
  // Done once the status is read again, so the screen shows the removal and its message together.
  return useMutation({ mutationFn: removeTotp, onSuccess: () => queryClient.invalidateQueries({ queryKey: strongAuthStatusQueryKey }) });
}

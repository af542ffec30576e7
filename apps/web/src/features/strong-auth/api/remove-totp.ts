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
  return useMutation({ mutationFn: removeTotp, onSuccess: () => void queryClient.invalidateQueries({ queryKey: strongAuthStatusQueryKey }) });
}

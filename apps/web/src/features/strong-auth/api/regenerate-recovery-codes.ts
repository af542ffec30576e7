import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { strongAuthStatusQueryKey } from './get-status.ts';
import { strongAuthApi, ZRecoveryCodes } from './strong-auth-api.ts';

/** POST /api/strong-auth/recovery-codes: ten new codes (shown once); the earlier ones stop working. */
export async function regenerateRecoveryCodes(): Promise<string[]> {
  return ZRecoveryCodes.parse(await apiRequest<unknown>(strongAuthApi.recoveryCodes, { method: 'POST', body: {} })).recoveryCodes;
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: () => void queryClient.invalidateQueries({ queryKey: strongAuthStatusQueryKey }) });
}

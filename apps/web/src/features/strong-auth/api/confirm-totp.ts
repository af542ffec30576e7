import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { strongAuthStatusQueryKey } from './get-status.ts';
import { strongAuthApi, ZRecoveryCodes } from './strong-auth-api.ts';

/** POST /api/strong-auth/totp/confirm: the first code from the app enrols it; answers the recovery codes (shown once). */
export async function confirmTotp(code: string): Promise<string[]> {
  return ZRecoveryCodes.parse(await apiRequest<unknown>(strongAuthApi.totpConfirm, { method: 'POST', body: { code } })).recoveryCodes;
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmTotp, onSuccess: () => void queryClient.invalidateQueries({ queryKey: strongAuthStatusQueryKey }) });
}

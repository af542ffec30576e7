import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from '../../../lib/api-client.ts';
import { createPasskeyCredential } from '../lib/webauthn.ts';
import { strongAuthStatusQueryKey } from './get-status.ts';
import { strongAuthApi, ZPasskeyRegistration } from './strong-auth-api.ts';

/**
 * A new passkey: the options (a step-up first when the person already has a factor), the browser's
 * prompt, then the registration; answers the recovery codes when it is the first factor.
 */
export async function registerPasskey(name: string): Promise<string[] | null> {
  const options = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(strongAuthApi.passkeyRegistrationOptions, { method: 'POST', body: {} });
  const response = await createPasskeyCredential(options);
  const answer = ZPasskeyRegistration.parse(await apiRequest<unknown>(strongAuthApi.passkeyRegistration, { method: 'POST', body: { name, response } }));
  return answer.recoveryCodes;
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerPasskey, onSettled: () => void queryClient.invalidateQueries({ queryKey: strongAuthStatusQueryKey }) });
}

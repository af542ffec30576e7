import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from '../../../lib/api-client.ts';
import { getPasskeyAssertion } from '../lib/webauthn.ts';
import { strongAuthApi } from './strong-auth-api.ts';

/**
 * POST /api/strong-auth/passkeys/authentication/options: a challenge for the sign-in's second step
 * (with the mfa token: that person's passkeys), for a password-less sign-in (nothing: any passkey
 * of this site) or for a step-up (with the session: the caller's passkeys).
 */
export function getPasskeyAuthenticationOptions(mfaToken?: string): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  return apiRequest(strongAuthApi.passkeyAuthenticationOptions, { method: 'POST', body: mfaToken ? { mfaToken } : {} });
}

/** The options, then the browser's prompt: the answer the server verifies, with its challenge. */
export async function signWithPasskey(mfaToken?: string): Promise<{ challengeId: string; response: AuthenticationResponseJSON }> {
  const { challengeId, options } = await getPasskeyAuthenticationOptions(mfaToken);
  return { challengeId, response: await getPasskeyAssertion(options) };
}

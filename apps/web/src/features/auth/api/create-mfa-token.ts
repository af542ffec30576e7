import { accountsApiPaths, type TCookieTokenResponse } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { cookieSessionFields } from './create-token.ts';
import { WEB_OAUTH_CLIENT } from '../lib/oauth-client.ts';

/** The sign-in's second factor (issue 18): an authenticator code, a recovery code or a passkey's answer. */
export type TMfaProof = { otp: string } | { recoveryCode: string } | { passkey: { challengeId: string; response: unknown } };

/** The grant types of issue 18's token calls (RFC 6749 §4.5 extension grants). */
export const MFA_GRANT = 'urn:kc:params:oauth:grant-type:mfa';
export const PASSKEY_GRANT = 'urn:kc:params:oauth:grant-type:passkey';

function proofFields(proof: TMfaProof): Record<string, string> {
  if ('otp' in proof) return { otp: proof.otp };
  if ('recoveryCode' in proof) return { recovery_code: proof.recoveryCode };
  return { passkey: JSON.stringify(proof.passkey) };
}

/** POST /oauth/token, the second step: the mfa token of the password step and one proof. */
export function createMfaToken(mfaToken: string, proof: TMfaProof, remember: boolean): Promise<TCookieTokenResponse> {
  return apiRequest<TCookieTokenResponse>(accountsApiPaths.token, {
    method: 'POST',
    form: {
      grant_type: MFA_GRANT,
      client_id: WEB_OAUTH_CLIENT.id,
      client_secret: WEB_OAUTH_CLIENT.secret,
      mfa_token: mfaToken,
      ...proofFields(proof),
      ...cookieSessionFields(remember),
    },
  });
}

/** POST /oauth/token, password-less: a passkey's answer alone. */
export function createPasskeyToken(passkey: { challengeId: string; response: unknown }, remember: boolean): Promise<TCookieTokenResponse> {
  return apiRequest<TCookieTokenResponse>(accountsApiPaths.token, {
    method: 'POST',
    form: {
      grant_type: PASSKEY_GRANT,
      client_id: WEB_OAUTH_CLIENT.id,
      client_secret: WEB_OAUTH_CLIENT.secret,
      passkey: JSON.stringify(passkey),
      ...cookieSessionFields(remember),
    },
  });
}

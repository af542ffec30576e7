import { useMutation } from '@tanstack/react-query';
import { makeSession, type TCookieTokenResponse, type TSession } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';
import { createMfaToken, createPasskeyToken, type TMfaProof } from './create-mfa-token.ts';
import { createToken } from './create-token.ts';
import { getIdentity } from './get-identity.ts';

/**
 * The password was right and the person has a second factor (issue 18): the token endpoint
 * answered `mfa_required` with a one-time mfa token (5 minutes) and the factors they have.
 */
export class MfaRequiredError extends Error {
  constructor(
    public readonly mfaToken: string,
    public readonly factors: readonly string[],
    description: string,
  ) {
    super(description);
    this.name = 'MfaRequiredError';
  }
}

/** An `mfa_required` answer of the token endpoint as an MfaRequiredError, else undefined. */
export function mfaRequiredOf(error: unknown): MfaRequiredError | undefined {
  if (!(error instanceof ApiError) || error.body === null || typeof error.body !== 'object') return undefined;
  const body = error.body as { error?: unknown; mfa_required?: unknown; mfa_token?: unknown; factors?: unknown; error_description?: unknown };
  if ((body.error !== 'mfa_required' && body.mfa_required !== true) || typeof body.mfa_token !== 'string') return undefined;
  const factors = Array.isArray(body.factors) ? body.factors.filter((f): f is string => typeof f === 'string') : ['totp', 'recovery_code'];
  return new MfaRequiredError(body.mfa_token, factors, typeof body.error_description === 'string' ? body.error_description : '');
}

/**
 * The token answer (the token itself is in the HttpOnly cookie), then the identity it belongs to,
 * then the session (kept in local storage when remembered) and its CSRF token (in memory only).
 */
async function startSession(answer: TCookieTokenResponse, remember: boolean): Promise<TSession> {
  const identity = await getIdentity();
  const { csrfToken: _csrf, ...person } = identity;
  const session = makeSession(answer, person, new Date());
  saveSession(session, remember, answer.csrf_token);
  return session;
}

/** Login: the password grant; a person with a second factor gets an MfaRequiredError (the second step). */
export async function login(input: { email: string; password: string; remember: boolean }): Promise<TSession> {
  let token: TCookieTokenResponse;
  try {
    token = await createToken(input);
  } catch (error) {
    throw mfaRequiredOf(error) ?? error;
  }
  return startSession(token, input.remember);
}

/** The second step: the mfa token and a code, a recovery code or a passkey's answer. */
export async function loginSecondStep(input: { mfaToken: string; proof: TMfaProof; remember: boolean }): Promise<TSession> {
  return startSession(await createMfaToken(input.mfaToken, input.proof, input.remember), input.remember);
}

/** Password-less: a passkey alone (it is both factors: something held and a PIN or biometrics). */
export async function loginWithPasskey(input: { passkey: { challengeId: string; response: unknown }; remember: boolean }): Promise<TSession> {
  return startSession(await createPasskeyToken(input.passkey, input.remember), input.remember);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

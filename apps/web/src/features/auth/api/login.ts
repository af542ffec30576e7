import { useMutation } from '@tanstack/react-query';
import { makeSession, type TSession } from '@kc/domain';
import { saveSession } from '../../../lib/session.ts';
import { createToken } from './create-token.ts';
import { getIdentity } from './get-identity.ts';

/** Login: the token, then the identity it belongs to, then the session (kept in local storage when remembered). */
export async function login(input: { email: string; password: string; remember: boolean }): Promise<TSession> {
  const token = await createToken(input);
  const identity = await getIdentity(token.access_token);
  const session = makeSession(token, identity, new Date());
  saveSession(session, input.remember);
  return session;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

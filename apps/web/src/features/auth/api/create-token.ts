import { accountsApiPaths, COOKIE_SESSION, type TCookieTokenResponse } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { WEB_OAUTH_CLIENT } from '../lib/oauth-client.ts';

/**
 * The form fields that ask for the web app's session: the token in an HttpOnly cookie, kept for
 * its lifetime when remembered, else until the browser closes (docs/decisions/0048-session-cookie.md).
 */
export const cookieSessionFields = (remember: boolean): Record<string, string> => ({ session: COOKIE_SESSION, remember: String(remember) });

/** POST /oauth/token: the password grant (form-encoded, specification 7). */
export function createToken(credentials: { email: string; password: string; remember: boolean }): Promise<TCookieTokenResponse> {
  return apiRequest<TCookieTokenResponse>(accountsApiPaths.token, {
    method: 'POST',
    form: {
      grant_type: 'password',
      client_id: WEB_OAUTH_CLIENT.id,
      client_secret: WEB_OAUTH_CLIENT.secret,
      username: credentials.email,
      password: credentials.password,
      ...cookieSessionFields(credentials.remember),
    },
  });
}

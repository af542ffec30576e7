import { accountsApiPaths, type TTokenResponse } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { WEB_OAUTH_CLIENT } from '../lib/oauth-client.ts';

/** POST /oauth/token: the password grant (form-encoded, specification 7). */
export function createToken(credentials: { email: string; password: string }): Promise<TTokenResponse> {
  return apiRequest<TTokenResponse>(accountsApiPaths.token, {
    method: 'POST',
    form: {
      grant_type: 'password',
      client_id: WEB_OAUTH_CLIENT.id,
      client_secret: WEB_OAUTH_CLIENT.secret,
      username: credentials.email,
      password: credentials.password,
    },
  });
}

import { accountsApiPaths } from '@kc/domain/accounts/api-paths.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { WEB_OAUTH_CLIENT } from '../lib/oauth-client.ts';

/** POST /oauth/revoke (RFC 7009): the server forgets the token (logout). */
export function revokeToken(token: string): Promise<void> {
  return apiRequest<void>(accountsApiPaths.revoke, {
    method: 'POST',
    form: { token, token_type_hint: 'access_token', client_id: WEB_OAUTH_CLIENT.id, client_secret: WEB_OAUTH_CLIENT.secret },
  });
}

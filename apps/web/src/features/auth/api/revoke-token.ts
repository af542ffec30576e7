import { accountsApiPaths } from '@kc/domain/accounts/api-paths.ts';
import { COMPANY_HEADER, DEFAULT_COMPANY_ID } from '@kc/domain/http/headers.ts';
import { WEB_OAUTH_CLIENT } from '../lib/oauth-client.ts';

/**
 * POST /oauth/revoke (RFC 7009): the server forgets the token (logout). A plain `fetch` with
 * `keepalive`, not the API client: the request must reach the server even when the person leaves
 * the page right after Salir (the browser keeps a keepalive request going after the page is gone),
 * and its answer changes nothing (the local session ends either way). Settles, never rejects.
 */
export function revokeToken(token: string): Promise<void> {
  const form = new URLSearchParams({ token, token_type_hint: 'access_token', client_id: WEB_OAUTH_CLIENT.id, client_secret: WEB_OAUTH_CLIENT.secret });
  return fetch(accountsApiPaths.revoke, {
    method: 'POST',
    keepalive: true,
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', [COMPANY_HEADER]: DEFAULT_COMPANY_ID },
    body: form.toString(),
  }).then(
    () => undefined,
    () => undefined,
  );
}

import { accountsApiPaths } from '@kc/domain/accounts/api-paths.ts';
import { COMPANY_HEADER, DEFAULT_COMPANY_ID } from '@kc/domain/http/headers.ts';
import { CSRF_HEADER, csrfTokenOfSession } from '../../../lib/csrf-token.ts';
import { WEB_OAUTH_CLIENT } from '../lib/oauth-client.ts';

/**
 * POST /oauth/revoke (RFC 7009) of the cookie session: the server forgets the token and removes
 * the cookie (logout). The session's CSRF token proves the page is the app's, and names the
 * session: should another login have replaced the cookie meanwhile, the server refuses and the new
 * session lives on. A plain `fetch` with `keepalive`, not the API client: the request must reach
 * the server even when the person leaves the page right after Salir (the browser keeps a keepalive
 * request going after the page is gone), and its answer changes nothing (the local session ends
 * either way). Settles, never rejects.
 */
export async function revokeToken(csrfToken: string | undefined): Promise<void> {
  const csrf = csrfToken ?? (await csrfTokenOfSession());
  const form = new URLSearchParams({ token_type_hint: 'access_token', client_id: WEB_OAUTH_CLIENT.id, client_secret: WEB_OAUTH_CLIENT.secret });
  return fetch(accountsApiPaths.revoke, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
      [COMPANY_HEADER]: DEFAULT_COMPANY_ID,
      ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
    },
    body: form.toString(),
  }).then(
    () => undefined,
    () => undefined,
  );
}

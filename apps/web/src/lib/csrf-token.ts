import { accountsApiPaths } from '@kc/domain/accounts/api-paths.ts';
import { COMPANY_HEADER, DEFAULT_COMPANY_ID } from '@kc/domain/http/headers.ts';
import { currentCsrfToken, currentSessionKey, setCsrfToken } from './session-gate.ts';

/** The header of the CSRF token on every unsafe call of the session (docs/decisions/0048-session-cookie.md). */
export const CSRF_HEADER = 'x-csrf-token';

let asking: Promise<string | undefined> | undefined;

/**
 * The CSRF token of the session on: the one in memory, else (a reloaded page keeps it nowhere
 * else) the one GET /api/users/identity gives the cookie session. A plain `fetch`, not the API
 * client: the logout asks for it while the session's calls are held. Undefined without a session
 * or an answer; the call it was for then meets the server's refusal.
 */
export function csrfTokenOfSession(): Promise<string | undefined> {
  const known = currentCsrfToken();
  const key = currentSessionKey();
  if (known !== undefined || key === undefined) return Promise.resolve(known);
  asking ??= fetch(accountsApiPaths.identity, { headers: { accept: 'application/json', [COMPANY_HEADER]: DEFAULT_COMPANY_ID }, credentials: 'same-origin' })
    .then(async (response) => (response.ok ? ((await response.json()) as { csrfToken?: unknown }).csrfToken : undefined))
    .then(
      (token) => {
        if (typeof token !== 'string') return undefined;
        if (currentSessionKey() === key) setCsrfToken(token);
        return token;
      },
      () => undefined,
    )
    .finally(() => {
      asking = undefined;
    });
  return asking;
}

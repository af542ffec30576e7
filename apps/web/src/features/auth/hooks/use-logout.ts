import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { authenticatedCallsSettled, beginSessionEnd, setUnauthorizedHandler } from '../../../lib/bearer.ts';
import { announceSessionEnding, clearSession, forgetStoredSession, getSession } from '../../../lib/session.ts';

/** How long the revocation waits for the calls already sent to be answered. */
export const REVOKE_WAIT_MS = 3_000;

/**
 * Salir:
 * 1. forgets the stored session at once (a reload or a page opened next starts logged out), and
 *    holds authenticated calls from now on; they are cancelled once the session is gone (lib/bearer.ts);
 * 2. goes to /home, leaving any screen that loads private data (the in-memory session is kept until
 *    then, or pages that need one would send the person to the login page);
 * 3. revokes the token once the calls already sent are answered (at most REVOKE_WAIT_MS), so none of
 *    them is answered 401 because of this logout; at once if the person leaves the page first (a
 *    keepalive request outlives it);
 * 4. clears the in-memory session; a page that needs one and is still on screen then goes to /home
 *    too, not to the login page (lib/session.ts, `pathWithoutSession`). When the server cannot be reached the session ends all the same
 *    (the token then expires on its own).
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const token = getSession()?.token;
    announceSessionEnding();
    beginSessionEnd();
    forgetStoredSession();
    // A call still on the wire may be answered 401 once the token is revoked: that is this logout,
    // not a session that ended elsewhere, so it must not send the person to the login page.
    // (useSessionExpiry sets the handler again once the session is gone.)
    setUnauthorizedHandler(undefined);
    // The revocation's code loads now, not with every page (the landing's first-load budget).
    const revocation = token ? import('../api/revoke-token.ts') : undefined;
    let revoking: Promise<void> | undefined;
    const revoke = (): Promise<void> => (revoking ??= revocation && token ? revocation.then((m) => m.revokeToken(token)) : Promise.resolve());
    window.addEventListener('pagehide', revoke, { once: true });
    const done = () => {
      window.removeEventListener('pagehide', revoke);
      clearSession({ byLogout: true });
    };
    void Promise.resolve(navigate(paths.home.href()))
      .then(() => authenticatedCallsSettled(REVOKE_WAIT_MS))
      .then(revoke)
      .then(done, done);
  }, [navigate]);
}

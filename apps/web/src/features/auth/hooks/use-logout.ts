import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { authenticatedCallsSettled, beginSessionEnd, currentCsrfToken, currentSessionKey, setUnauthorizedHandler } from '../../../lib/session-gate.ts';
import { announceSessionEnding, clearSession, forgetStoredSession, getSession, useSession } from '../../../lib/session.ts';

/** How long the revocation waits for the calls already sent to be answered. */
export const REVOKE_WAIT_MS = 3_000;
/** How long the logout waits for the revocation's answer before it ends the session here anyway. */
export const REVOKE_TIMEOUT_MS = 5_000;

type TRevokeToken = (csrfToken: string | undefined) => Promise<void>;

/**
 * The revocation's code: loaded once a session exists (not with every page: the landing's
 * first-load budget), so that Salir can send it at once, even while the page is being left.
 */
let revocation: Promise<TRevokeToken> | undefined;
let revokeNow: TRevokeToken | undefined;
function loadRevocation(): Promise<TRevokeToken> {
  revocation ??= import('../api/revoke-token.ts').then(
    (m) => (revokeNow = m.revokeToken),
    (error: unknown) => {
      revocation = undefined; // tried again next time
      throw error;
    },
  );
  return revocation;
}

const atMost = (work: Promise<void>, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    const finish = () => {
      window.clearTimeout(timer);
      resolve();
    };
    work.then(finish, finish);
  });

/**
 * Salir:
 * 1. forgets the stored session at once (a reload or a page opened next starts logged out), and
 *    holds authenticated calls from now on; they are cancelled once the session is gone (lib/session-gate.ts);
 * 2. goes to /home, leaving any screen that loads private data (the in-memory session is kept until
 *    then, or pages that need one would send the person to the login page);
 * 3. revokes the token once the calls already sent are answered (at most REVOKE_WAIT_MS), so none of
 *    them is answered 401 because of this logout; at once if the person leaves the page first (a
 *    keepalive request outlives it);
 * 4. clears the in-memory session (at most REVOKE_TIMEOUT_MS after the revocation was sent), unless
 *    another session has taken its place meanwhile; a page that needs one and is still on screen then
 *    goes to /home too, not to the login page (lib/session.ts, `pathWithoutSession`). When the server
 *    cannot be reached the session ends all the same (the token then expires on its own).
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const hasSession = useSession() !== undefined;
  useEffect(() => {
    if (hasSession) void loadRevocation().catch(() => undefined);
  }, [hasSession]);
  return useCallback(() => {
    // The session being ended, and its CSRF token (which names it to the server).
    const ending = getSession() ? currentSessionKey() : undefined;
    const csrfToken = currentCsrfToken();
    announceSessionEnding();
    beginSessionEnd();
    forgetStoredSession();
    // A call still on the wire may be answered 401 once the token is revoked: that is this logout,
    // not a session that ended elsewhere, so it must not send the person to the login page.
    // (useSessionExpiry sets the handler again once the session is gone.)
    setUnauthorizedHandler(undefined);
    let revoking: Promise<void> | undefined;
    const revoke = (): Promise<void> => {
      if (!ending) return Promise.resolve();
      revoking ??= revokeNow ? revokeNow(csrfToken) : loadRevocation().then((revokeToken) => revokeToken(csrfToken));
      return revoking;
    };
    const onPageHide = () => void revoke().catch(() => undefined);
    window.addEventListener('pagehide', onPageHide, { once: true });
    const done = () => {
      window.removeEventListener('pagehide', onPageHide);
      if (currentSessionKey() === ending) clearSession({ byLogout: true });
    };
    void Promise.resolve(navigate(paths.home.href()))
      .then(() => authenticatedCallsSettled(REVOKE_WAIT_MS))
      .then(() => atMost(revoke(), REVOKE_TIMEOUT_MS))
      .then(done, done);
  }, [navigate]);
}

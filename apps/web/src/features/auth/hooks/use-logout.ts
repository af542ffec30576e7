import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { setUnauthorizedHandler } from '../../../lib/bearer.ts';
import { announceSessionEnding, clearSession, getSession } from '../../../lib/session.ts';

/**
 * Salir: goes to /home (leaving any screen that loads private data), revokes the token on the
 * server, then clears the stored user data and the in-memory session. When the server cannot
 * be reached the local session ends all the same (the token then expires on its own).

 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const token = getSession()?.token;
    const done = () => clearSession();
    announceSessionEnding();
    // A request still in flight may be answered 401 once the token is revoked: that is this logout,
    // not a session that ended elsewhere, so it must not send the person to the login page.
    // (useSessionExpiry sets the handler again once the session is gone.)
    setUnauthorizedHandler(undefined);
    // Leave first: pages that need a session send a logged-out user to the login page.
    void Promise.resolve(navigate(paths.home.href()))
      // The API client loads here, not on every page (lib/bearer.ts).
      .then(() => (token ? import('../api/revoke-token.ts').then((m) => m.revokeToken(token)) : undefined))
      .then(done, done);
  }, [navigate]);
}

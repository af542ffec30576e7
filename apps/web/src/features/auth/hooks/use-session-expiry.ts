import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { getSessionRemainingMs } from '@kc/domain/accounts/session-time.ts';
import { paths } from '@kc/domain/http/paths.ts';
import { beginSessionEnd, setUnauthorizedHandler } from '../../../lib/session-gate.ts';
import { announceSessionEnding, clearSession, useSession } from '../../../lib/session.ts';

export type TLogoutReason = 'expired' | 'unauthorized';

/** Where the login page reads why the session ended. */
export interface TLoginLocationState {
  reason?: TLogoutReason;
}

const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Why the last session ended, kept until the login page shows it: navigation state alone can
 * be lost when a page that needs a session redirects to the login page at the same moment.
 */
let lastLogoutReason: TLogoutReason | undefined;
export const peekLogoutReason = (): TLogoutReason | undefined => lastLogoutReason;
export const forgetLogoutReason = (): void => {
  lastLogoutReason = undefined;
};

/**
 * Ends the session when it expires (a timer set to its expiry) and when the server answers 401
 * to an authenticated call; either way the user lands on the login page, which says why.
 */
export function useSessionExpiry(): void {
  const session = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    const end = (reason: TLogoutReason) => {
      lastLogoutReason = reason;
      // Leave first (pages that need a session would redirect without the reason), then forget.
      announceSessionEnding();
      // The token is dead: calls made until it is forgotten wait, then are cancelled.
      beginSessionEnd();
      void Promise.resolve(navigate(paths.login.href(), { state: { reason } satisfies TLoginLocationState })).finally(clearSession);
    };
    setUnauthorizedHandler(() => end('unauthorized'));
    if (!session) return () => setUnauthorizedHandler(undefined);
    const remaining = getSessionRemainingMs(session, new Date());
    const timer = window.setTimeout(() => end('expired'), Math.min(remaining, MAX_TIMEOUT_MS));
    return () => {
      window.clearTimeout(timer);
      setUnauthorizedHandler(undefined);
    };
  }, [session, navigate]);
}

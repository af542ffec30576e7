import { useEffect, useState } from 'react';
import { tokenFromHash } from './withdraw-token.ts';

/** The token read on this page load, by path: the address bar loses it at once, a remount must not. */
let readOnLoad: { path: string; token: string | null } | undefined;

/**
 * The one-time token of a mailed link's fragment (`#token=…`): undefined until read, null when
 * missing or malformed. It leaves the address bar (and the history) once read; a remount of the
 * page in the same load (the session loading around it) gets the same token back.
 */
export function useFragmentToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const path = window.location.pathname;
    if (window.location.hash || readOnLoad?.path !== path) readOnLoad = { path, token: tokenFromHash(window.location.hash) };
    setToken(readOnLoad.token);
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  return token;
}

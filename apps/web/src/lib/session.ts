import { useSyncExternalStore } from 'react';
import { paths } from '@kc/domain/http/paths.ts';
import { setCsrfToken, setSessionKey } from './session-gate.ts';

/**
 * The session of the specification (section 3), kept under one user-data key: in local storage
 * when the user asked to be remembered, otherwise in session storage (this tab only), and in
 * memory. Logged in means a user id is present. It holds no credential: the access token rides
 * an HttpOnly cookie no script can read (decisions, "Accounts and sessions").
 */
export interface TSession {
  userId: string;
  /** `isTemporalPassword`: the user must set a new password before anything else. */
  identity: { id: string; username: string; roles: string[]; isTemporalPassword?: boolean };
  roles: string[];
  /** expires_in × 1000. */
  expiryTime: number;
  /** ISO instant at which the token expires. */
  expiryDate: string;
}

export const SESSION_STORAGE_KEY = 'kc.userData';

let current: TSession | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function storages(): Storage[] {
  try {
    return [window.localStorage, window.sessionStorage];
  } catch {
    return [];
  }
}

/** Tells one session from the next (a new login has a new expiry instant); not a credential. */
const keyOf = (session: TSession): string => `${session.userId} ${session.expiryDate}`;

/**
 * Reads a stored session at start-up. Expired ones are dropped. A session stored by an older
 * version with its access token is stored again without it.
 */
export function restoreSession(now = Date.now()): TSession | undefined {
  for (const storage of storages()) {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (!raw) continue;
    try {
      const stored = JSON.parse(raw) as TSession & { token?: unknown };
      if (stored.userId && Date.parse(stored.expiryDate) > now) {
        const { token, ...session } = stored;
        if (token !== undefined) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
        current = session;
        endedByLogoutAt = undefined;
        setSessionKey(keyOf(session));
        emit();
        return session;
      }
    } catch {
      // A damaged entry is removed below.
    }
    storage.removeItem(SESSION_STORAGE_KEY);
  }
  return undefined;
}

/** Stores a new session; `csrfToken`, the login's, is kept in memory only. */
export function saveSession(session: TSession, remember: boolean, csrfToken?: string): void {
  current = session;
  endedByLogoutAt = undefined;
  setSessionKey(keyOf(session));
  if (csrfToken !== undefined) setCsrfToken(csrfToken);
  for (const storage of storages()) storage.removeItem(SESSION_STORAGE_KEY);
  try {
    (remember ? window.localStorage : window.sessionStorage).setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Without storage the session lives in memory for this page.
  }
  emit();
}

/** Changes the current session where it is kept (the same storage), e.g. once a temporary password is replaced. */
export function updateSession(change: (session: TSession) => TSession): void {
  if (!current) return;
  current = change(current);
  for (const storage of storages()) {
    try {
      if (storage.getItem(SESSION_STORAGE_KEY)) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(current));
    } catch {
      // Without storage the session lives in memory for this page.
    }
  }
  emit();
}

const endingListeners = new Set<() => void>();
const clearedListeners = new Set<() => void>();

/**
 * Who must react when a session ends (the data cache of the Mantine shell, which the shell
 * around every page does not load): `onSessionEnding` runs when the logout or the expiry
 * starts, before leaving the page; `onSessionCleared` once the session is gone.
 */
export function onSessionEnding(listener: () => void): () => void {
  endingListeners.add(listener);
  return () => endingListeners.delete(listener);
}
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}
export function announceSessionEnding(): void {
  endingListeners.forEach((l) => l());
}

/**
 * Removes the stored user data but keeps the in-memory session for this page (Salir, until the
 * token is revoked): a reload, a new tab or a page opened right after no longer finds the session.
 */
export function forgetStoredSession(): void {
  for (const storage of storages()) storage.removeItem(SESSION_STORAGE_KEY);
}

/**
 * When Salir cleared the session, for a moment: a page that needs a session and asks where to go
 * then goes home, where the logout was heading, not to the login page. The logout's move to /home
 * is a React transition and the cleared session an urgent update, so the page being left can see
 * the session gone before it is unmounted. Later visits without a session go to the login page.
 */
let endedByLogoutAt: number | undefined;
const LOGOUT_REDIRECT_MS = 2_000;

/** Where a page that needs a session sends a visitor without one: the login page, or home just after Salir. */
export function pathWithoutSession(now = Date.now()): string {
  const justLoggedOut = endedByLogoutAt !== undefined && now - endedByLogoutAt <= LOGOUT_REDIRECT_MS;
  endedByLogoutAt = undefined;
  return justLoggedOut ? paths.home.href() : paths.login.href();
}

/** Clears the stored user data and the in-memory session (`byLogout`: Salir, see `pathWithoutSession`). */
export function clearSession(options: { byLogout?: boolean } = {}): void {
  endedByLogoutAt = options.byLogout === true ? Date.now() : undefined;
  current = undefined;
  setSessionKey(undefined);
  forgetStoredSession();
  emit();
  clearedListeners.forEach((l) => l());
}

export const getSession = (): TSession | undefined => current;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session for components; undefined when logged out (and always during prerender). */
export function useSession(): TSession | undefined {
  return useSyncExternalStore(subscribe, getSession, () => undefined);
}

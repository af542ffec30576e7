/**
 * Which session is on, its CSRF token, and what to do when the server says it is over, held apart
 * from the API client: the session store and the session-expiry hook (on every page, in the shell
 * chunk) set them, and the API client (loaded by the screens that call the API) reads them. So a
 * page that never calls the API, the landing first, does not load the client.
 *
 * No credential is here: the access token rides an HttpOnly cookie no script can read
 * (docs/decisions/0048-session-cookie.md). The key only tells one session from the next, and the
 * CSRF token, kept in memory only, opens nothing without the cookie.
 */
let sessionKey: string | undefined;
let csrfToken: string | undefined;

/**
 * While a session ends (Salir, expiry), its token is about to be revoked or is already dead:
 * an authenticated call made then would only earn a 401. Such calls wait here until the session
 * is gone (then they are cancelled), and the logout waits for the calls already sent to be answered
 * before it revokes the token.
 */
let ending: { settled: Promise<void>; resolve: () => void } | undefined;
let inFlight = 0;
const idleWaiters = new Set<() => void>();

/** Set by the session store. A new session, or none, ends the wait of `beginSessionEnd` and forgets the CSRF token of the last one. */
export function setSessionKey(key: string | undefined): void {
  if (key !== sessionKey) csrfToken = undefined;
  sessionKey = key;
  if (ending) {
    ending.resolve();
    ending = undefined;
  }
}

/** Which session is on (undefined: none). */
export function currentSessionKey(): string | undefined {
  return sessionKey;
}

/** The CSRF token of the session on (the login's answer, or the identity's after a reload). */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

export function currentCsrfToken(): string | undefined {
  return csrfToken;
}

/** The session is ending: authenticated calls wait (`authenticatedCallGate`) until the session changes. */
export function beginSessionEnd(): void {
  if (ending || !sessionKey) return;
  let resolve!: () => void;
  const settled = new Promise<void>((r) => (resolve = r));
  ending = { settled, resolve };
}

/** Undefined when an authenticated call may go now, else a promise settled once the session has ended or changed. */
export function authenticatedCallGate(): Promise<void> | undefined {
  return ending?.settled;
}

/** Counts an authenticated call on the wire; answers the function that marks it answered. */
export function trackAuthenticatedCall(): () => void {
  inFlight += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight -= 1;
    if (inFlight === 0) idleWaiters.forEach((w) => w());
  };
}

/** Settles once no authenticated call is on the wire, or after `timeoutMs`, whichever is first. */
export function authenticatedCallsSettled(timeoutMs: number): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      window.clearTimeout(timer);
      idleWaiters.delete(finish);
      resolve();
    };
    const timer = window.setTimeout(finish, timeoutMs);
    idleWaiters.add(finish);
  });
}

let onUnauthorized: (() => void) | undefined;

/** Set by the session-expiry hook: what to do when the server answers 401 to an authenticated call. */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

export function unauthorizedHandler(): (() => void) | undefined {
  return onUnauthorized;
}

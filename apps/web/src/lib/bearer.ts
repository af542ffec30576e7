/**
 * The token of the current session and what to do when the server says it is over, held apart
 * from the API client: the session store and the session-expiry hook (on every page, in the shell
 * chunk) set them, and the API client (loaded by the screens that call the API) reads them. So a
 * page that never calls the API, the landing first, does not load the client.
 */
let bearer: string | undefined;

/**
 * While a session ends (Salir, expiry), its token is about to be revoked or is already dead:
 * an authenticated call made then would only earn a 401. Such calls wait here until the session
 * is gone (then they are cancelled), and the logout waits for the calls already sent to be answered
 * before it revokes the token.
 */
let ending: { settled: Promise<void>; resolve: () => void } | undefined;
let inFlight = 0;
const idleWaiters = new Set<() => void>();

/** Set by the session store. A new token, or none, ends the wait of `beginSessionEnd`. */
export function setBearer(token: string | undefined): void {
  bearer = token;
  if (ending) {
    ending.resolve();
    ending = undefined;
  }
}

export function currentBearer(): string | undefined {
  return bearer;
}

/** The session is ending: authenticated calls wait (`authenticatedCallGate`) until the bearer changes. */
export function beginSessionEnd(): void {
  if (ending || !bearer) return;
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

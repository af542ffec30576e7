/**
 * The token of the current session and what to do when the server says it is over, held apart
 * from the API client: the session store and the session-expiry hook (on every page, in the shell
 * chunk) set them, and the API client (loaded by the screens that call the API) reads them. So a
 * page that never calls the API, the landing first, does not load the client.
 */
let bearer: string | undefined;

/** Set by the session store. */
export function setBearer(token: string | undefined): void {
  bearer = token;
}

export function currentBearer(): string | undefined {
  return bearer;
}

let onUnauthorized: (() => void) | undefined;

/** Set by the session-expiry hook: what to do when the server answers 401 to an authenticated call. */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

export function unauthorizedHandler(): (() => void) | undefined {
  return onUnauthorized;
}

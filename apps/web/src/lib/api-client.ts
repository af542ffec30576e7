import { extractErrorMessage, extractLoginError, type TExtractedError } from '@kc/domain/errors/extract-error-message.ts';
import { COMPANY_HEADER, DEFAULT_COMPANY_ID } from '@kc/domain/http/headers.ts';
import { currentLanguage } from './i18n.ts';
import { authenticatedCallGate, currentSessionKey, trackAuthenticatedCall, unauthorizedHandler } from './session-gate.ts';
import { CSRF_HEADER, csrfTokenOfSession } from './csrf-token.ts';
import { ENROLMENT_REQUIRED, problemCode, setEnrolmentRequired, STEP_UP_REQUIRED, stepUpHandlerWithin } from './strong-auth-bridge.ts';

/** How long a refused call waits for the step-up dialog to be ready before it is an error. */
const STEP_UP_DIALOG_WAIT_MS = 5_000;

/**
 * The one HTTP client of the web app. Every call carries company-id and Accept-Language; the
 * session rides its HttpOnly cookie (same origin), and its unsafe calls carry the CSRF token;
 * statuses outside 200–299 become an ApiError that carries the specification's extraction rule
 * (section 8).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number | undefined,
    public readonly body: unknown,
    public readonly isNetworkError: boolean,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The general rule: error_description, else a typed error's detail or message, else 'Something went wrong!, …'. */
  get extracted(): TExtractedError {
    return extractErrorMessage(this.asInput());
  }

  /** The login alert's priority list. */
  get loginExtracted(): TExtractedError {
    return extractLoginError(this.asInput());
  }

  private asInput() {
    return {
      body: this.body,
      message: this.message,
      isNetworkError: this.isNetworkError,
      ...(this.status !== undefined ? { status: this.status } : {}),
    };
  }
}

/** What to do on a 401 is the session's (lib/session-gate.ts). */
const onUnauthorized = () => unauthorizedHandler()?.();
/**
 * The server said this session is over by another way than a 401 answer (the notification
 * stream's `session-ended`): the same path as a 401, when a session is still on.
 */
export function reportUnauthorized(): void {
  if (currentSessionKey()) onUnauthorized();
}

export interface TRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  form?: Record<string, string>;
  /** A body sent as it is, with its content type (a bank statement's CSV file; issue 15). */
  raw?: { contentType: string; data: Blob | string };
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A call of a session not stored yet (the identity asked for at login): neither held nor counted as the current session's. */
  newSession?: boolean;
}

/**
 * A 403 of issue 18 (strong authentication), in one place for every call: `enrolmentRequired`
 * tells the staff enrolment gate; `stepUpRequired` asks the person for a second factor through
 * the step-up dialog (when one is mounted), then sends the same request once more, so the screen
 * that made it sees only the answer. A cancelled dialog becomes the refusal, with the dialog's
 * reason as its detail. Answers undefined when the caller should throw the original error, else
 * `{ value }` (a 204's value is itself undefined).
 */
async function retryAfterStepUp<T>(status: number, body: unknown, isRetry: boolean, again: () => Promise<T>): Promise<{ value: T } | undefined> {
  if (status !== 403) return undefined;
  const { code, action } = problemCode(body);
  if (code === ENROLMENT_REQUIRED) setEnrolmentRequired(true);
  if (code !== STEP_UP_REQUIRED || isRetry) return undefined;
  // The dialog registers itself once its code has loaded (it is not in the page's first bytes).
  const handler = await stepUpHandlerWithin(STEP_UP_DIALOG_WAIT_MS);
  if (!handler) return undefined;
  try {
    await handler(action ?? '');
  } catch (reason) {
    const detail = reason instanceof Error ? reason.message : String(reason);
    const problem = { ...(body as Record<string, unknown>), type: (body as { type?: unknown }).type ?? 'about:blank', code: 'stepUpCancelled', detail };
    throw new ApiError(detail, 403, problem, false);
  }
  return { value: await again() };
}

/**
 * The session a call to `url` goes with, if any. While the session ends (lib/session-gate.ts) an
 * authenticated call waits until it has ended, and is then cancelled (an AbortError, as a
 * cancelled query) instead of being sent with a token about to be revoked; its own abort signal
 * ends the wait too. The OAuth endpoints (the revocation itself) go at once, and so does the
 * identity asked for at login, before that session is stored: it is not the ending one's.
 */
async function sessionFor(url: string, options: { signal?: AbortSignal; newSession?: boolean }): Promise<string | undefined> {
  if (options.newSession === true || url.startsWith('/oauth/')) return undefined;
  const gate = currentSessionKey() ? authenticatedCallGate() : undefined;
  if (gate) {
    await untilAborted(gate, options.signal);
    if (!currentSessionKey()) throw new DOMException('The session has ended.', 'AbortError');
  }
  return currentSessionKey();
}

/** Waits for `gate`, or rejects with an AbortError as soon as `signal` aborts. */
function untilAborted(gate: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return gate;
  if (signal.aborted) return Promise.reject(new DOMException('The call was cancelled.', 'AbortError'));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The call was cancelled.', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    void gate.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/** Marks an authenticated call on the wire until its answer is read (the logout waits for them). */
const trackCall = (session: string | undefined): (() => void) => (session ? trackAuthenticatedCall() : () => undefined);

export function apiRequest<T>(url: string, options: TRequestOptions = {}): Promise<T> {
  return sendRequest<T>(url, options, false);
}

async function sendRequest<T>(url: string, options: TRequestOptions, isStepUpRetry: boolean): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [COMPANY_HEADER]: DEFAULT_COMPANY_ID,
    'accept-language': currentLanguage(),
    ...options.headers,
  };
  const session = await sessionFor(url, options);
  const method = options.method ?? 'GET';
  if (session && method !== 'GET') {
    const csrf = await csrfTokenOfSession();
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  let body: string | Blob | undefined;
  if (options.raw) {
    headers['content-type'] = options.raw.contentType;
    body = options.raw.data;
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  let text: string;
  const answered = trackCall(session);
  try {
    response = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: options.signal ?? null });
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(error instanceof Error ? error.message : String(error), undefined, undefined, true);
  } finally {
    answered();
  }
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (response.status < 200 || response.status > 299) {
    if (response.status === 401 && session && currentSessionKey()) onUnauthorized();
    const retried = await retryAfterStepUp(response.status, parsed, isStepUpRetry, () => sendRequest<T>(url, options, true));
    if (retried) return retried.value;
    throw new ApiError(`Request failed with status code ${response.status}`, response.status, parsed, false);
  }
  return parsed as T;
}

/**
 * A file from the API (documents and exports, issue 15): the same headers as apiRequest, the
 * body as a Blob and the file name of its Content-Disposition; non-2xx answers become ApiError.
 */
export function apiDownload(url: string, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string | undefined }> {
  return sendDownload(url, signal, false);
}

async function sendDownload(url: string, signal: AbortSignal | undefined, isStepUpRetry: boolean): Promise<{ blob: Blob; fileName: string | undefined }> {
  const headers: Record<string, string> = { [COMPANY_HEADER]: DEFAULT_COMPANY_ID, 'accept-language': currentLanguage() };
  const session = await sessionFor(url, { ...(signal ? { signal } : {}) });
  let response: Response;
  const answered = trackCall(session);
  try {
    response = await fetch(url, { headers, credentials: 'same-origin', signal: signal ?? null });
  } catch (error) {
    answered();
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(error instanceof Error ? error.message : String(error), undefined, undefined, true);
  }
  // The body is read below; the answer's status is what the logout waits for.
  answered();
  if (response.status < 200 || response.status > 299) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept as text.
    }
    if (response.status === 401 && session && currentSessionKey()) onUnauthorized();
    const retried = await retryAfterStepUp(response.status, parsed, isStepUpRetry, () => sendDownload(url, signal, true));
    if (retried) return retried.value;
    throw new ApiError(`Request failed with status code ${response.status}`, response.status, parsed, false);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)/i.exec(disposition) ?? /filename="([^"]+)"/i.exec(disposition);
  return { blob: await response.blob(), fileName: match?.[1] ? decodeURIComponent(match[1]) : undefined };
}

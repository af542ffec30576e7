import { extractErrorMessage, extractLoginError, type TExtractedError } from '@kc/domain/errors/extract-error-message.ts';
import { COMPANY_HEADER, DEFAULT_COMPANY_ID } from '@kc/domain/http/headers.ts';
import { currentLanguage } from './i18n.ts';
import { currentBearer, unauthorizedHandler } from './bearer.ts';

/**
 * The one HTTP client of the web app. Every call carries company-id and Accept-Language, and
 * the bearer token when a session exists; statuses outside 200–299 become an ApiError that
 * carries the specification's extraction rule (section 8).
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

/** The token to send and what to do on a 401 are the session's (lib/bearer.ts). */
const onUnauthorized = () => unauthorizedHandler()?.();
/**
 * The server said this session is over by another way than a 401 answer (the notification
 * stream's `session-ended`): the same path as a 401, when a session is still on.
 */
export function reportUnauthorized(): void {
  if (currentBearer()) onUnauthorized();
}

export interface TRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  form?: Record<string, string>;
  /** A body sent as it is, with its content type (a bank statement's CSV file; issue 15). */
  raw?: { contentType: string; data: Blob | string };
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function apiRequest<T>(url: string, options: TRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [COMPANY_HEADER]: DEFAULT_COMPANY_ID,
    'accept-language': currentLanguage(),
    ...options.headers,
  };
  if (currentBearer()) headers['authorization'] = `Bearer ${currentBearer()}`;
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
  try {
    response = await fetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(error instanceof Error ? error.message : String(error), undefined, undefined, true);
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (response.status < 200 || response.status > 299) {
    if (response.status === 401 && currentBearer() && !url.startsWith('/oauth/')) onUnauthorized();
    throw new ApiError(`Request failed with status code ${response.status}`, response.status, parsed, false);
  }
  return parsed as T;
}

/**
 * A file from the API (documents and exports, issue 15): the same headers as apiRequest, the
 * body as a Blob and the file name of its Content-Disposition; non-2xx answers become ApiError.
 */
export async function apiDownload(url: string, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string | undefined }> {
  const headers: Record<string, string> = { [COMPANY_HEADER]: DEFAULT_COMPANY_ID, 'accept-language': currentLanguage() };
  if (currentBearer()) headers['authorization'] = `Bearer ${currentBearer()}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(error instanceof Error ? error.message : String(error), undefined, undefined, true);
  }
  if (response.status < 200 || response.status > 299) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept as text.
    }
    if (response.status === 401 && currentBearer()) onUnauthorized();
    throw new ApiError(`Request failed with status code ${response.status}`, response.status, parsed, false);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)/i.exec(disposition) ?? /filename="([^"]+)"/i.exec(disposition);
  return { blob: await response.blob(), fileName: match?.[1] ? decodeURIComponent(match[1]) : undefined };
}

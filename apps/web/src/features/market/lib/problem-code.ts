import { ApiError } from '../../../lib/api-client.ts';

/** The stable `code` of a problem+json answer (the server's contract), or undefined. */
export function problemCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { code?: unknown } | undefined;
  return body && typeof body === 'object' && typeof body.code === 'string' ? body.code : undefined;
}

/** The message to show for a failed request: the server's own sentence (in the reader's language), else ours. */
export function problemMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.isNetworkError && error.status !== undefined && error.status < 500 ? error.extracted.message : fallback;
}

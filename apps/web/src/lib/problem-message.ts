import { ApiError } from './api-client.ts';

/**
 * The server's own sentence for a failed request, when it sent one: an answer below 500 whose body
 * is a problem (its `detail` or `message`) or an OAuth error (`error_description`), written in the
 * reader's language. Undefined for a network failure, a 5xx, or an answer without such a body,
 * where the extraction rule would fall back to its English 'Something went wrong!, …'.
 */
export function serverSentence(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.isNetworkError || error.status === undefined || error.status >= 500) return undefined;
  const body = error.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const hasSentence = (key: string) => typeof (body as Record<string, unknown>)[key] === 'string' && (body as Record<string, string>)[key] !== '';
  const isProblem = hasSentence('error_description') || ('type' in body && (hasSentence('detail') || hasSentence('message')));
  return isProblem ? error.extracted.message : undefined;
}

/** The message to show for a failed request: the server's own sentence (in the reader's language), else the screen's own. */
export function problemMessage(error: unknown, fallback: string): string {
  return serverSentence(error) ?? fallback;
}

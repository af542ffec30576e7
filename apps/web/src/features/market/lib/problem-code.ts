import { ApiError } from '../../../lib/api-client.ts';

/** The stable `code` of a problem+json answer (the server's contract), or undefined. */
export function problemCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { code?: unknown } | undefined;
  return body && typeof body === 'object' && typeof body.code === 'string' ? body.code : undefined;
}

/** The message to show for a failed request: the shared rule (lib/problem-message.ts), kept here for the market's imports. */
export { problemMessage } from '../../../lib/problem-message.ts';

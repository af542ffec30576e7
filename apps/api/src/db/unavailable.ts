/**
 * Whether an error means "the database cannot be reached right now" (a restart, a fail-over, a
 * terminated connection, refused or timed-out connections) rather than a fault of the request
 * or of our code. The API answers those with 503 and Retry-After instead of 500.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// SQLSTATE: 57P01 admin_shutdown (pg_terminate_backend), 57P02 crash_shutdown, 57P03
// cannot_connect_now (starting up), 53300 too_many_connections; class 08 is connection_exception.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (MESSAGES.some((m) => m.test(e.message))) return true;
  }
  return false;
}

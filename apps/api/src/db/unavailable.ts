/**
 * Which database errors mean "cannot serve this now, try again shortly" rather than a fault of
 * the request or of our code. The API answers them with 503 and Retry-After instead of 500:
 *
 * - `unavailable`: the database cannot be reached or refuses to work (a restart, a fail-over, a
 *   terminated connection, refused or timed-out connections, connections disallowed, resources
 *   exhausted, credentials being rotated);
 * - `busy`: the database is up but this statement gave up waiting (a lock held elsewhere, the
 *   statement timeout, a transaction left idle): our own timeouts (db/timeouts.ts) firing.
 *
 * Every entry is chosen so that the same request, unchanged, succeeds once the database is well
 * again. A code that a statement can hit every time it runs (a bug to fix) must stay a 500, or it
 * would hide behind "try again" for ever: that is why 55000 counts only with the message of a
 * database refusing connections, and 53400 is left out.
 */
export type TDatabaseFault = 'unavailable' | 'busy';

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** SQLSTATEs that mean the server cannot serve now, whatever the message (class 08 is below). */
const UNAVAILABLE_SQLSTATES = new Set([
  // 57P01 admin_shutdown: pg_terminate_backend or a fast shutdown ended the connection.
  '57P01',
  // 57P02 crash_shutdown: another backend crashed and the server is resetting.
  '57P02',
  // 57P03 cannot_connect_now: the server is starting up, shutting down or in recovery.
  '57P03',
  // 57P04 database_dropped: the database is being dropped or replaced (a restore in progress).
  '57P04',
  // 57P05 idle_session_timeout: the server closed a connection the pool still held.
  '57P05',
  // 53000 insufficient_resources, 53100 disk_full, 53200 out_of_memory (also "out of shared
  // memory"), 53300 too_many_connections: the server is out of something that comes back. Not
  // 53400 configuration_limit_exceeded: a statement beyond a configured limit fails every time.
  '53000',
  '53100',
  '53200',
  '53300',
  // 3D000 invalid_catalog_name: the database does not exist (dropped and being restored, or the
  // deployment points at the wrong one); readiness says so too, and no request can fix it.
  '3D000',
  // 28000 invalid_authorization_specification (pg_hba refuses us), 28P01 invalid_password
  // (credentials rotated before the deployment caught up): an operator's fault, not the user's.
  '28000',
  '28P01',
]);

/**
 * 55000 object_not_in_prerequisite_state covers many unrelated states (a sequence's currval not
 * yet defined, prepared transactions disabled…), which are bugs; only this message of it means
 * the database refuses connections (ALTER DATABASE … ALLOW_CONNECTIONS false, during maintenance).
 */
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/;

/**
 * 57014 query_canceled: the statement timeout, or a cancel request (an operator's
 * pg_cancel_backend of a runaway query); 55P03 lock_not_available: the lock timeout (or NOWAIT);
 * 25P03 idle_in_transaction_session_timeout: the server ended a transaction left idle.
 */
const BUSY_SQLSTATES = new Set(['57014', '55P03', '25P03']);

/** node-postgres' and pg-pool's own words for a connection that is gone or never came. */
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

/** Whether (and how) an error, or one of its causes, is the database unable to serve now. */
export function databaseFault(error: unknown): TDatabaseFault | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (BUSY_SQLSTATES.has(code)) return 'busy';
      if (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
      if (code === '55000' && NOT_ACCEPTING_CONNECTIONS.test(e.message)) return 'unavailable';
    }
    if (MESSAGES.some((m) => m.test(e.message))) return 'unavailable';
  }
  return undefined;
}

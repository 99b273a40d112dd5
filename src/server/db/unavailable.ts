/**
 * Whether an error means the database cannot answer now (down, unreachable, overloaded, a timeout
 * tripped), as opposed to a bug or a bad query: callers answer 503 and retry instead of turning an
 * outage into "not found" or a generic 500. Decided by the error's kind, never by its wording: what
 * the server reported (its SQLSTATE), what the operating system reported about the socket (its errno
 * code), and what the driver raised about a connection it lost or never got (marked where the portal
 * calls the driver, db/driver-outage.ts).
 */
const SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '25P03', // idle_in_transaction_session_timeout
]);
/** Socket errors (Node's errno codes): the server or the path to it is gone. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);

/** The brand of a driver failure that means "no connection now" (one symbol across Next's bundles). */
const UNAVAILABLE = Symbol.for('portal.database-unavailable');

type Cause = { code?: unknown; message?: unknown; cause?: unknown; [UNAVAILABLE]?: true };

/** Marks `error` as the driver's report of a connection that failed, refused, timed out or was cut. */
export function markUnavailable<T>(error: T): T {
  if (error && typeof error === 'object') (error as Cause)[UNAVAILABLE] = true;
  return error;
}

/** Whether an error or one of its causes (drivers wrap what the server said) matches. */
export function hasCause(error: unknown, match: (e: Cause) => boolean): boolean {
  for (let e = error as Cause | undefined, depth = 0; e && depth < 8; depth++) {
    if (match(e)) return true;
    e = e.cause as Cause | undefined;
  }
  return false;
}

const unavailableCode = (code: unknown) =>
  typeof code === 'string' && (SQLSTATES.has(code) || SOCKET_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code));

export const isDatabaseUnavailable = (error: unknown): boolean =>
  !isClientAbort(error) && hasCause(error, (e) => e[UNAVAILABLE] === true || unavailableCode(e.code));

/**
 * Node's error for a request whose client closed the connection mid-body: ECONNRESET like a
 * dropped database connection, but the visitor's doing; the database is fine.
 */
const isClientAbort = (error: unknown) =>
  hasCause(error, (e) => e.code === 'ECONNRESET' && e.message === 'aborted');

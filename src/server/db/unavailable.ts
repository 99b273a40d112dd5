/**
 * Whether an error means the database cannot answer now (down, unreachable, overloaded, a timeout
 * tripped), as opposed to a bug or a bad query: callers answer 503 and retry instead of turning an
 * outage into "not found" or a generic 500.
 */
const CODES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '25P03', // idle_in_transaction_session_timeout
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
const MESSAGES = [
  /timeout exceeded when trying to connect/i, // pg pool: no connection within connectionTimeoutMillis
  /Connection terminated/i,
  /Query read timeout/i, // pg client: query_timeout
  /Client has encountered a connection error/i,
  /connect ECONNREFUSED/i,
];

type Cause = { code?: unknown; message?: unknown; cause?: unknown };

/** Whether an error or one of its causes (drivers wrap what the server said) matches. */
export function hasCause(error: unknown, match: (e: Cause) => boolean): boolean {
  for (let e = error as Cause | undefined, depth = 0; e && depth < 8; depth++) {
    if (match(e)) return true;
    e = e.cause as Cause | undefined;
  }
  return false;
}

export const isDatabaseUnavailable = (error: unknown): boolean =>
  !isClientAbort(error) &&
  hasCause(
    error,
    (e) =>
      (typeof e.code === 'string' && (CODES.has(e.code) || e.code.startsWith('08'))) ||
      (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))),
  );

/**
 * Node's error for a request whose client closed the connection mid-body: ECONNRESET like a
 * dropped database connection, but the visitor's doing; the database is fine.
 */
const isClientAbort = (error: unknown) =>
  hasCause(error, (e) => e.code === 'ECONNRESET' && e.message === 'aborted');

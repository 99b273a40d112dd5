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

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 8;
    depth++
  ) {
    if (typeof e.code === 'string' && (CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e!.message as string))) return true;
    e = e.cause as typeof e;
  }
  return false;
}

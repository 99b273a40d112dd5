import 'server-only';
/**
 * Every failure a service can report, independent of transport: the HTTP layer maps the code to a
 * status (http/envelope.ts), other callers (jobs, scripts) read it as they need.
 */
export type AppErrorCode =
  | 'invalid' // validation or a business rule: HTTP 200, code 0
  | 'bad_request' // the body cannot be read at all
  | 'unauthorized'
  | 'forbidden'
  | 'not_found' // unknown path
  | 'method_not_allowed' // a method the path does not serve
  | 'too_large'
  | 'rate_limited'
  | 'timeout' // the client stopped sending its request
  | 'busy'; // the node cannot take this now (HTTP 503 with Retry-After)

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    /** A translation key (`api.*` / `valid.*`) or a plain text already translated. */
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly info: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const invalid = (key: string, params?: Record<string, string | number>) =>
  new AppError('invalid', key, params);

/**
 * A business failure (unknown id, unreleased item) as "nothing", for a page that answers 404 then.
 * Any other error stays an error: a database outage must never become a 404 that caches.
 */
export const nullIfInvalid = <T>(promise: Promise<T>): Promise<T | null> =>
  promise.catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'invalid') return null;
    throw error;
  });

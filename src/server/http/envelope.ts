import 'server-only';
import { FAILURE_CODE, SUCCESS_CODE } from '@/contract/limits';
import type { Locale } from '@/contract/locales';
import { isRejectedValue } from '../db/rejected-value';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, type AppErrorCode } from '../errors';
import { logFor } from '../log';
import { noteDatabaseUnavailable } from '../ops/outage';
import { translate } from './translate';

const log = logFor('api');

export type Envelope<T = unknown> = { code: number; msg: string; info: T };

const STATUS: Record<AppErrorCode, number> = {
  invalid: 200, // the CMS client only reads HTTP 200 bodies
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  too_large: 413,
  rate_limited: 429,
  timeout: 408,
  busy: 503,
};

const NO_STORE = { 'cache-control': 'no-store' };
const UNAVAILABLE_RETRY_S = 5;

export function ok<T>(locale: Locale, info: T, msgKey = 'api.ok', init?: ResponseInit): Response {
  const body: Envelope<T> = { code: SUCCESS_CODE, msg: translate(locale, msgKey), info };
  const headers = new Headers(init?.headers);
  if (!headers.has('cache-control')) headers.set('cache-control', NO_STORE['cache-control']);
  return Response.json(body, { ...init, headers });
}

export function fail(locale: Locale, error: unknown): Response {
  if (error instanceof AppError) {
    const body: Envelope = {
      code: FAILURE_CODE,
      msg: translate(locale, error.messageKey, error.params),
      info: error.info,
    };
    return Response.json(body, {
      status: STATUS[error.code],
      headers: { ...NO_STORE, ...retryAfter(error) },
    });
  }
  // The database cannot answer now (down, a timeout tripped): a failure that says so and when to retry.
  if (isDatabaseUnavailable(error)) {
    noteDatabaseUnavailable();
    log.warn({ error: (error as Error).message }, 'database unavailable');
    const body: Envelope = { code: FAILURE_CODE, msg: translate(locale, 'api.unavailable'), info: null };
    return Response.json(body, {
      status: 503,
      headers: { ...NO_STORE, 'retry-after': String(UNAVAILABLE_RETRY_S) },
    });
  }
  // A value the database refused (an id past any record's): the caller's mistake, said as one.
  if (isRejectedValue(error)) {
    log.warn({ error: (error as Error).message }, 'value refused by the database');
    const body: Envelope = { code: FAILURE_CODE, msg: translate(locale, 'api.valueOutOfRange'), info: null };
    return Response.json(body, { status: STATUS.invalid, headers: NO_STORE });
  }
  // Unknown errors are logged here and never shown: no stack, no SQL, no paths.
  log.error({ err: error }, 'unexpected error');
  const body: Envelope = { code: FAILURE_CODE, msg: translate(locale, 'api.serverError'), info: null };
  return Response.json(body, { status: 500, headers: NO_STORE });
}

/**
 * Every 429, and every refusal of a limit answered as `code: 0` to the CMS, says when to come back:
 * the wait its message names (rate-limit.ts), else a minute.
 */
function retryAfter(error: AppError): Record<string, string> {
  const declared = error.params.retryAfter !== undefined; // a declared limit's refusal, whatever its words
  if (error.code === 'busy') return { 'retry-after': String(UNAVAILABLE_RETRY_S) };
  if (error.code !== 'rate_limited' && error.messageKey !== 'api.rateLimited' && !declared) return {};
  const seconds = Number(error.params.retryAfter ?? error.params.seconds);
  return { 'retry-after': String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60) };
}

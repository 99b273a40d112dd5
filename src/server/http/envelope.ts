import 'server-only';
import { FAILURE_CODE, SUCCESS_CODE } from '@/contract/limits';
import type { Locale } from '@/contract/locales';
import { AppError, type AppErrorCode } from './errors';
import { translate } from './translate';

export type Envelope<T = unknown> = { code: number; msg: string; info: T };

const STATUS: Record<AppErrorCode, number> = {
  invalid: 200, // the CMS client only reads HTTP 200 bodies
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  too_large: 413,
  rate_limited: 429,
};

const NO_STORE = { 'cache-control': 'no-store' };

export function ok<T>(locale: Locale, info: T, msgKey = 'api.ok', init?: ResponseInit): Response {
  const body: Envelope<T> = { code: SUCCESS_CODE, msg: translate(locale, msgKey), info };
  return Response.json(body, { ...init, headers: { ...NO_STORE, ...headersOf(init) } });
}

export function fail(locale: Locale, error: unknown): Response {
  if (error instanceof AppError) {
    const body: Envelope = {
      code: FAILURE_CODE,
      msg: translate(locale, error.messageKey, error.params),
      info: error.info,
    };
    return Response.json(body, { status: STATUS[error.code], headers: NO_STORE });
  }
  // Unknown errors are logged here and never shown: no stack, no SQL, no paths.
  console.error('[api] unexpected error', error);
  const body: Envelope = { code: FAILURE_CODE, msg: translate(locale, 'api.serverError'), info: null };
  return Response.json(body, { status: 500, headers: NO_STORE });
}

function headersOf(init?: ResponseInit): Record<string, string> {
  return init?.headers ? Object.fromEntries(new Headers(init.headers)) : {};
}

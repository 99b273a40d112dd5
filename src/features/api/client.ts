'use client';

import type { InputOf, Operation, OutputOf } from '@/contract/api/operation';
import { REQUEST_TIMEOUT_MS, SUCCESS_CODE } from '@/contract/limits';
import { DEFAULT_LOCALE, type Locale } from '@/contract/locales';
import { getDeviceId } from './device';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Set by <ApiConfig> from the current locale and its messages; read by every call. */
const config: { locale: Locale; translate: Translate } = {
  locale: DEFAULT_LOCALE,
  translate: (key) => key,
};

export function configureApi(locale: Locale, translate: Translate) {
  config.locale = locale;
  config.translate = translate;
}

/** Statuses with their own text (messages `http.<status>`); any other is a connection error. */
const KNOWN_STATUSES = new Set([400, 401, 403, 404, 408, 413, 429, 500, 501, 503, 505]);

export class ApiError extends Error {
  /** HTTP status, 0 when the request never got an answer. */
  readonly status: number;
  /** The envelope's code when the server answered with one. */
  readonly code: number | null;
  readonly info: unknown;

  constructor(message: string, status: number, code: number | null = null, info: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.info = info;
  }
}

type Envelope<T> = { code: number; msg: string; info: T };

const isEnvelope = (v: unknown): v is Envelope<unknown> =>
  typeof v === 'object' && v !== null && 'code' in v && typeof (v as { code: unknown }).code === 'number';

function statusText(status: number): string {
  if (KNOWN_STATUSES.has(status)) return config.translate(`http.${status}`);
  return config.translate('http.other', { status });
}

/** POSTs JSON and answers the whole envelope on success (`info` plus the server's `msg`). */
async function post<T>(path: string, payload: object = {}): Promise<{ info: T; msg: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', lang: config.locale, 'x-client-id': getDeviceId() },
      body: JSON.stringify(payload),
      signal: controller.signal,
    });
  } catch {
    const timedOut = controller.signal.aborted;
    throw new ApiError(config.translate(timedOut ? 'http.408' : 'http.network'), timedOut ? 408 : 0);
  } finally {
    clearTimeout(timer);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!isEnvelope(body)) throw new ApiError(statusText(response.status), response.status);
  if (response.ok && body.code === SUCCESS_CODE) return { info: body.info as T, msg: body.msg };
  const message =
    body.msg || (response.ok ? config.translate('api.submitFailed') : statusText(response.status));
  throw new ApiError(message, response.status, body.code, body.info);
}

/** An operation's URL, its `{name}` path parameters filled in (`{product}` from the page's config). */
export function pathOf(op: Operation, params: Record<string, string> = {}): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * Calls a registry operation (src/contract/api) and answers its `info`, typed by the operation's
 * output schema; throws an ApiError with the server's msg otherwise.
 */
export async function call<Op extends Operation>(
  op: Op,
  payload: InputOf<Op>,
  params?: Record<string, string>,
): Promise<OutputOf<Op>> {
  return (await post<OutputOf<Op>>(pathOf(op, params), payload as object)).info;
}

/** As `call`, answering the server's `msg` too (for a confirmation the server words). */
export function request<Op extends Operation>(
  op: Op,
  payload: InputOf<Op>,
  params?: Record<string, string>,
): Promise<{ info: OutputOf<Op>; msg: string }> {
  return post<OutputOf<Op>>(pathOf(op, params), payload as object);
}

/** A readable text for anything a call may throw. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : config.translate('http.network');
}

/**
 * How a failure is shown: the server's answer with a code other than 1 is a warning with
 * its text; an HTTP error or no answer at all is an error.
 */
export const failureKind = (error: unknown): 'warning' | 'error' =>
  error instanceof ApiError && error.status === 200 && error.code !== null ? 'warning' : 'error';

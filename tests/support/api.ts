import { randomInt } from 'node:crypto';
import type { Envelope } from '@/server/http/envelope';

export type Route = (request: Request) => Response | Promise<Response>;

export type CallOptions = {
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data. */
  multipart?: Record<string, string>;
  /** Sent as is, with `contentType` (default text/plain). */
  text?: string;
  contentType?: string;
  lang?: string;
  token?: string;
  cookie?: string;
  /** The caller's address; a fresh random one unless given, so per-IP limits only bite when meant to. */
  ip?: string;
  headers?: Record<string, string>;
  method?: string;
  path?: string;
};

export type ApiResult<T = unknown> = Envelope<T> & { status: number; response: Response };

export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Builds the Request a browser or the CMS would send to an API route. */
export function buildRequest(options: CallOptions = {}): Request {
  const headers = new Headers(options.headers);
  headers.set('x-forwarded-for', options.ip ?? randomIp());
  if (options.lang) headers.set('lang', options.lang);
  if (options.token) headers.set('token', options.token);
  if (options.cookie) headers.set('cookie', options.cookie);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  } else if (options.multipart) {
    const data = new FormData();
    for (const [key, value] of Object.entries(options.multipart)) data.append(key, value);
    body = data; // fetch sets the multipart boundary itself
  } else if (options.text !== undefined) {
    headers.set('content-type', options.contentType ?? 'text/plain;charset=UTF-8');
    body = options.text;
  }
  const url = new URL(options.path ?? '/api/test', 'http://localhost:3000');
  return new Request(url, { method: options.method ?? 'POST', headers, body });
}

/** Calls a route handler and reads its envelope. */
export async function callApi<T = unknown>(route: Route, options: CallOptions = {}): Promise<ApiResult<T>> {
  const response = await route(buildRequest(options));
  const envelope = (await response.clone().json()) as Envelope<T>;
  return { ...envelope, status: response.status, response };
}

/** The `name=value` pair of a Set-Cookie header, as a browser would send it back. */
export function cookiePair(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

import { randomInt } from 'node:crypto';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import proxy, { config as proxyConfig } from '@/proxy';
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
  /**
   * The address the connection comes from (what Next's server sees on the socket); a fresh random one
   * unless given, so per-IP limits only bite when meant to. A client's own X-Forwarded-For goes in
   * `headers`, as it would arrive.
   */
  ip?: string;
  headers?: Record<string, string>;
  method?: string;
  path?: string;
};

export type ApiResult<T = unknown> = Envelope<T> & { status: number; response: Response };

export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Builds the Request a browser or the CMS would send to an API route (before the server adds anything). */
export function buildRequest(options: CallOptions = {}): Request {
  const headers = new Headers(options.headers);
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

/**
 * What a route handler receives under `next start` when `request` comes from a connection at `ip`:
 * src/proxy.ts runs when its matcher matches and its request-header changes apply (as
 * next/dist/server/lib/router-utils/resolve-routes.js applies them), then Next's server fills the
 * x-forwarded-* headers the request still lacks, X-Forwarded-For with the socket address
 * (base-server.js: `req.headers['x-forwarded-for'] ??= socket.remoteAddress`).
 */
export async function arrive(request: Request, ip: string): Promise<Request> {
  let headers = new Headers(request.headers);
  const url = new URL(request.url);
  if (
    unstable_doesMiddlewareMatch({
      config: proxyConfig,
      url: request.url,
      headers: Object.fromEntries(headers),
    })
  ) {
    const response = await proxy(new NextRequest(url, { method: request.method, headers }));
    const names = response.headers.get('x-middleware-override-headers');
    if (names !== null) {
      headers = new Headers();
      for (const name of names.split(',').filter(Boolean)) {
        const value = response.headers.get(`x-middleware-request-${name}`);
        if (value !== null) headers.set(name, value);
      }
    }
  }
  const fill = { 'x-forwarded-for': ip, 'x-forwarded-host': url.host, 'x-forwarded-proto': 'http' };
  for (const [name, value] of Object.entries(fill)) if (!headers.has(name)) headers.set(name, value);
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers };
  if (request.body) Object.assign(init, { body: request.body, duplex: 'half' });
  return new Request(url, init);
}

/** Calls a route handler and reads its envelope. */
export async function callApi<T = unknown>(route: Route, options: CallOptions = {}): Promise<ApiResult<T>> {
  const response = await route(await arrive(buildRequest(options), options.ip ?? randomIp()));
  const envelope = (await response.clone().json()) as Envelope<T>;
  return { ...envelope, status: response.status, response };
}

/** The `name=value` pair of a Set-Cookie header, as a browser would send it back. */
export function cookiePair(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * Waits, if need be, until `needSeconds` fit before the current fixed window of `windowSeconds` ends
 * (rate-limit.ts aligns windows to the epoch), so every call of a test counts in one window.
 */
export async function withinOneWindow(windowSeconds: number, needSeconds: number) {
  const span = windowSeconds * 1000;
  const left = span - (Date.now() % span);
  if (left < needSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

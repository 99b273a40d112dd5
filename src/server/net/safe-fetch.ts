import 'server-only';
import type dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { env } from '../config/env';
import { checkTarget, FetchError, isAllowedAddress, type TargetPolicy } from './policy';
import { nameResolver } from './resolve-name';

export type FetchOptions = {
  headers?: Record<string, string>;
  maxBytes?: number;
  maxRedirects?: number;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  policy?: TargetPolicy;
  /** Name resolution (default: the system's); tests stand in a resolver to play DNS rebinding. */
  resolve?: Resolver;
};

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolver = nameResolver();

export type Hop = { url: string; status: number; location?: string };

export type FetchResult = {
  url: string;
  finalUrl: string;
  status: number;
  requestHeaders: Record<string, string>;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  redirects: Hop[];
  remoteAddress: string;
  elapsedMs: number;
};

const DEFAULTS = { maxBytes: 3_000_000, maxRedirects: 5, connectTimeoutMs: 5_000, totalTimeoutMs: 15_000 };

export function defaultPolicy(): TargetPolicy {
  const e = env();
  return { allowPrivate: e.FETCH_ALLOW_PRIVATE, extraPorts: e.FETCH_EXTRA_PORTS };
}

/**
 * GET a third-party URL without letting it reach inside our network: every hop is checked,
 * the address actually connected to is checked (closing DNS rebinding), redirects are
 * followed by hand, and time, size and decompressed size are capped.
 */
export async function safeFetch(target: string, options: FetchOptions = {}): Promise<FetchResult> {
  const opts = { ...DEFAULTS, ...options, policy: options.policy ?? defaultPolicy() };
  const started = Date.now();
  const deadline = started + opts.totalTimeoutMs;
  const redirects: Hop[] = [];
  let url = checkTarget(target, opts.policy);
  try {
    for (;;) {
      const hop = await requestOnce(url, opts, deadline);
      const location = hop.headers.location;
      if (hop.status >= 300 && hop.status < 400 && location) {
        redirects.push({ url: url.href, status: hop.status, location });
        if (redirects.length > opts.maxRedirects) throw new FetchError('too_many_redirects', target);
        url = checkTarget(new URL(location, url), opts.policy);
        continue;
      }
      return { ...hop, url: target, finalUrl: url.href, redirects, elapsedMs: Date.now() - started };
    }
  } catch (error) {
    if (error instanceof FetchError) error.redirects = redirects;
    throw error;
  }
}

/**
 * The connection's own lookup: the addresses it is about to dial are checked here, so a name
 * that resolved to a public address a moment ago (DNS rebinding) cannot now lead inside.
 */
function guardedLookup(policy: TargetPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (list) => {
        const denied = list.find((a) => !isAllowedAddress(a.address, policy));
        if (denied || list.length === 0) {
          return callback(
            new FetchError('private_address', `${hostname} → ${denied?.address ?? 'nothing'}`),
            '',
            0,
          );
        }
        if ((options as dns.LookupOptions).all) return callback(null, list as never, 0);
        return callback(null, list[0]!.address, list[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function requestOnce(
  url: URL,
  opts: typeof DEFAULTS & FetchOptions & { policy: TargetPolicy },
  deadline: number,
) {
  const requestHeaders: Record<string, string> = {
    'user-agent': 'Mozilla/5.0 (compatible; MacCMSPortalBot/1.0)',
    accept: '*/*',
    'accept-encoding': 'gzip, deflate, br',
    ...opts.headers,
  };
  return new Promise<Omit<FetchResult, 'url' | 'finalUrl' | 'redirects' | 'elapsedMs'>>((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchError('timeout', url.href));
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.get(url, {
      headers: requestHeaders,
      lookup: guardedLookup(opts.policy, opts.resolve ?? systemResolve),
      agent: false,
      timeout: opts.connectTimeoutMs,
    });
    const fail = (error: unknown) => {
      clearTimeout(timer);
      req.destroy();
      reject(error instanceof FetchError ? error : toFetchError(error, url));
    };
    const timer = setTimeout(() => fail(new FetchError('timeout', url.href)), remaining);
    req.on('timeout', () => fail(new FetchError('timeout', url.href)));
    req.on('error', fail);
    req.on('socket', (socket) => {
      // An IP literal skips the lookup hook: check the address we really reached.
      socket.on('connect', () => {
        const remote = socket.remoteAddress ?? '';
        if (!isAllowedAddress(remote, opts.policy)) fail(new FetchError('private_address', remote));
      });
    });
    req.on('response', (res) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = String(v);
      const remoteAddress = res.socket.remoteAddress ?? '';
      const body = decoded(res, headers['content-encoding']);
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      body.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = opts.maxBytes - size;
        if (chunk.length >= room) {
          chunks.push(chunk.subarray(0, room));
          size = opts.maxBytes;
          truncated = true;
          finish();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      body.on('end', finish);
      body.on('error', (e) => (size > 0 ? finish() : fail(e)));
      let done = false;
      function finish() {
        if (done) return;
        done = true;
        clearTimeout(timer);
        // Stop inflating too: a compressed bomb must not keep a core busy after the cut.
        if (body !== res) body.destroy();
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          requestHeaders,
          headers,
          body: Buffer.concat(chunks),
          truncated,
          remoteAddress,
        });
      }
    });
  });
}

function decoded(res: http.IncomingMessage, encoding: string | undefined) {
  const e = (encoding ?? '').toLowerCase();
  if (e === 'gzip' || e === 'x-gzip') return res.pipe(zlib.createGunzip());
  if (e === 'deflate') return res.pipe(zlib.createInflate());
  if (e === 'br') return res.pipe(zlib.createBrotliDecompress());
  return res;
}

function toFetchError(error: unknown, url: URL): FetchError {
  const e = error as NodeJS.ErrnoException;
  if (e?.cause instanceof FetchError) return e.cause;
  if (['ENOTFOUND', 'EAI_AGAIN', 'ENODATA', 'ETIMEOUT', 'ESERVFAIL', 'EREFUSED'].includes(e?.code ?? ''))
    return new FetchError('dns', url.hostname);
  if (e?.code === 'ETIMEDOUT') return new FetchError('timeout', url.href);
  return new FetchError('network', `${url.host}: ${e?.code ?? e?.message ?? 'error'}`);
}

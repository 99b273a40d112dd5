import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { onPublicChange } from '../../server/cache/change-bus';
import { readCookie, withoutCookie } from '../../server/http/cookies';
import { logFor } from '../../server/log';
import { accountFree, carriesAccount } from './account-free';
import { beforeHead, captureBody, mergeVary } from './capture';
import { callGuard, pagePath, renderGuard } from './render-budget';
import {
  cacheKey,
  FRESH_S,
  normalizeEncoding,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  type Public,
  pageUrl,
  personal,
  publicRoute,
  replayHeaders,
  routerPayload,
  routerRequest,
  STALE_S,
  sentAsKeyed,
  VARY,
} from './rules';
import { isShellRequest, shellPages } from './shells';
import { PageStore, type Stored } from './store';

const log = logFor('page-cache');
const MAX_BYTES = 256 * 1024 * 1024;
const MAX_ENTRY_BYTES = 4 * 1024 * 1024;
const MAX_FORM_BYTES = 16 * 1024;
const WAIT_FOR_FIRST_MS = 10_000;
const DROPPED = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

type Next = (req: IncomingMessage) => void;

/**
 * Serves every visitor without a session the answer another such visitor of the same URL, language
 * and form got, without rendering it again (rendering costs far more than serving a copy): public pages and read calls only (rules.ts).
 * A fresh answer is served as is; an older one is served while one background request per key
 * renders it again; a change of its tags drops it on every node (publicChanged). A request with a
 * session or a token never fills the cache, and its answer says `private`: it reads only a logged-in
 * shell (shells.ts) or a router payload that holds no account (account-free.ts).
 */
export function pageCache({
  sessionCookie,
  host,
  port,
  limits,
}: {
  sessionCookie: string;
  host: string;
  port: number;
  /** Whether anonymous page renders are limited per address (RATE_LIMITS; render-budget.ts). */
  limits: boolean;
}) {
  const store = new PageStore(MAX_BYTES);
  const inflight = new Map<string, Promise<void>>();
  const refreshing = new Set<string>();
  const secret = randomUUID();
  onPublicChange((tags) => store.invalidate(tags));
  const overBudget = limits ? renderGuard(sessionCookie) : async () => false;
  const callOverBudget = limits ? callGuard() : () => false;
  const serveShell = shellPages({ host, port, store, overBudget });

  /** Next renders the page, unless the budget says no. */
  async function render(req: IncomingMessage, res: ServerResponse, next: Next) {
    if (!(await overBudget(req, res))) next(req);
  }

  /** Next answers the call, unless its address's budget of calls past the cache is spent. */
  function call(req: IncomingMessage, res: ServerResponse, next: Next) {
    if (!callOverBudget(req, res)) next(req);
  }

  function refreshInBackground(key: string, entry: Stored) {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    const { method, url, headers, body } = entry.request;
    const request = http.request(
      { host, port, method, path: url, headers: { ...headers, 'x-page-cache-refresh': secret } },
      (response) => {
        response.resume();
        response.once('close', () => refreshing.delete(key));
      },
    );
    request.once('error', (error) => {
      refreshing.delete(key);
      log.warn({ err: error, url }, 'background refresh failed');
    });
    request.end(body);
  }

  return async function serve(req: IncomingMessage, res: ServerResponse, next: Next) {
    if (isShellRequest(req)) return next(req);
    const method = req.method ?? 'GET';
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const route = publicRoute(method, pathname);
    if (!route) return pagePath(pathname) ? render(req, res, next) : next(req);
    // The page or call renders, and is kept, with only the parameters it reads.
    const url = pageUrl(req.url ?? '/', route);
    req.url = url;
    // Next compresses only as the key says: gzip or nothing (rules.ts acceptedEncoding).
    normalizeEncoding(req.headers);
    const vary = VARY[route.kind];
    if (personal(req.headers, sessionCookie)) {
      const token = readCookie(req.headers.cookie, sessionCookie);
      // Only the cookie can make it personal: a page load gets its shell, a router payload its render.
      const onlyCookie = !personal({ ...req.headers, cookie: undefined }, sessionCookie);
      const outcome = !onlyCookie
        ? 'render'
        : !token
          ? 'no-session' // named but empty (`maccms=`, `maccms=<TAB>`): no session to look up
          : route.kind === 'page'
            ? await serveShell(req, res, route, token, !routerRequest(req.headers))
            : 'render';
      if (outcome === 'sent') return;
      if (outcome === 'render') {
        const payload = token && onlyCookie && route.kind === 'page' && routerPayload(req.headers);
        if (payload && sharedPayload(req, res, route, url)) return;
        beforeHead(res, () => {
          res.setHeader('cache-control', PRIVATE_CACHE_CONTROL);
          res.setHeader('vary', mergeVary(res.getHeader('vary'), vary));
        });
        return route.kind === 'page' ? render(req, res, next) : call(req, res, next);
      }
      // A cookie that names no session (expired, made up, empty) gets the anonymous page, from the
      // cache: it cannot make the server render. Next sees the request without it, every copy of it.
      const kept = withoutCookie(req.headers.cookie, sessionCookie);
      if (kept) req.headers.cookie = kept;
      else delete req.headers.cookie;
    }
    let body: Buffer | undefined;
    let forwarded = req;
    if (route.post) {
      const length = Number(req.headers['content-length']);
      if (!(length >= 0 && length <= MAX_FORM_BYTES)) return next(req);
      body = await readBody(req);
      forwarded = replay(req, body);
    }
    const key = cacheKey(method, url, req.headers, route, body);
    const refresh = req.headers['x-page-cache-refresh'] === secret;
    if (!refresh) {
      const first = inflight.get(key);
      if (first) await Promise.race([first, new Promise((r) => setTimeout(r, WAIT_FOR_FIRST_MS))]);
      const found = servable(key);
      if (found) return serveHit(req, res, key, found);
    }
    if (!refresh && route.kind === 'page' && (await overBudget(req, res))) return;
    if (!refresh && route.kind === 'call' && callOverBudget(req, res)) return;
    fill(req, res, route, { key, vary, body, leader: !refresh && !inflight.has(key) });
    next(forwarded);
  };

  /**
   * A logged-in visitor's router payload from the anonymous copy, when that copy holds no account
   * (account-free.ts): answered `private`, like every logged-in answer.
   */
  function sharedPayload(req: IncomingMessage, res: ServerResponse, route: Public, url: string): boolean {
    const key = cacheKey(req.method ?? 'GET', url, req.headers, route);
    const found = servable(key);
    if (!found || !accountFree(found.hit)) return false;
    serveHit(req, res, key, found, { 'cache-control': PRIVATE_CACHE_CONTROL });
    return true;
  }

  /** The kept answer of `key` if it may still be served (young enough). */
  function servable(key: string) {
    const hit = store.get(key);
    if (!hit) return undefined;
    const age = (Date.now() - hit.storedAt) / 1000;
    if (age >= FRESH_S + STALE_S) return undefined;
    return { hit, age };
  }

  /** Sends a kept answer; one that is no longer fresh is rendered again in the background. */
  function serveHit(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    { hit, age }: { hit: Stored; age: number },
    override?: Record<string, string>,
  ) {
    serveStored(req, res, hit, age, override);
    if (age >= FRESH_S) refreshInBackground(key, hit);
  }

  function fill(
    req: IncomingMessage,
    res: ServerResponse,
    route: Public,
    { key, vary, body, leader }: { key: string; vary: string[]; body?: Buffer; leader: boolean },
  ) {
    const mark = store.mark();
    let release = () => {};
    if (leader) inflight.set(key, new Promise<void>((resolve) => (release = resolve)));
    // A router payload stays `private` for caches outside: only this server tells its keys apart.
    const shared = !routerPayload(req.headers);
    beforeHead(res, (status) => {
      res.setHeader('vary', mergeVary(res.getHeader('vary'), vary));
      if (status === 200 && shared) res.setHeader('cache-control', PUBLIC_CACHE_CONTROL);
      res.setHeader('x-cache', 'MISS');
    });
    captureBody(res, (sent) => {
      if (leader) {
        inflight.delete(key);
        release();
      }
      if (!sent || !keptStatus(res, route) || req.method === 'HEAD' || res.hasHeader('set-cookie')) return;
      if (sent.length > MAX_ENTRY_BYTES) return;
      // Only a body in the encoding its key names is kept (any client of that key can read it).
      if (!sentAsKeyed(req.headers, res.getHeader('content-encoding'))) return;
      // The last guard: an answer that carries an account is never shared, whatever led to it.
      if (carriesAccount(sent, res.getHeader('content-encoding'))) {
        log.error({ url: req.url }, 'an answer to share carried an account: not kept');
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(res.getHeaders()).filter(([name]) => !DROPPED.has(name)),
      );
      delete headers['content-length'];
      delete headers['x-cache'];
      store.set(
        key,
        {
          status: res.statusCode,
          headers,
          body: sent,
          tags: route.tags,
          storedAt: Date.now(),
          request: {
            method: req.method ?? 'GET',
            url: req.url ?? '/',
            headers: replayHeaders(req.headers),
            body,
          },
        },
        mark,
      );
    });
  }
}

/**
 * A page or call's answer, or the redirect of an unprefixed page address to the language its
 * visitor's cookie names (next-intl's; the cookie is part of that key): without it, every visit
 * through a Chinese link by a visitor who chose English would render, and count against the budget.
 */
const keptStatus = (res: ServerResponse, route: Public) =>
  res.statusCode === 200 ||
  (route.kind === 'page' && (res.statusCode === 307 || res.statusCode === 308) && res.hasHeader('location'));

function serveStored(
  req: IncomingMessage,
  res: ServerResponse,
  hit: Stored,
  age: number,
  override: Record<string, string> = {},
) {
  res.writeHead(hit.status, {
    ...hit.headers,
    ...override,
    'content-length': hit.body.length,
    age: String(Math.floor(age)),
    'x-cache': age < FRESH_S ? 'HIT' : 'STALE',
  });
  res.end(req.method === 'HEAD' ? undefined : hit.body);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** The same request with its body still to read, for Next after the cache read it. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new http.IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  // Marked complete, or Node would take the finished copy for an aborted request and close the socket.
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

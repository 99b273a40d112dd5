import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { UserInfo } from '../../contract/user';
import {
  type CompiledShell,
  compileShell,
  fillShell,
  lookUpShellUser,
  SHELL_TEMPLATE_HEADER,
  shellSecret,
  shellShape,
} from '../../server/accounts/shell-template';
import { logFor } from '../../server/log';
import { mergeVary } from './capture';
import {
  acceptedEncoding,
  cacheKey,
  FRESH_S,
  PRIVATE_CACHE_CONTROL,
  type Public,
  replayHeaders,
  STALE_S,
  VARY,
} from './rules';
import type { PageStore, Stored } from './store';

const log = logFor('page-cache');
const MAX_ENTRY_BYTES = 4 * 1024 * 1024;
/** A page that gave no shell (not found, a redirect) is rendered per request for this long. */
const NO_SHELL_MS = FRESH_S * 1000;
const KEPT_HEADERS = ['content-type', 'set-cookie', 'content-language', 'link'];

/** Whether this request carries our own server's ask for a shell (and strips anyone else's). */
export function isShellRequest(req: IncomingMessage): boolean {
  const value = req.headers[SHELL_TEMPLATE_HEADER];
  if (value === undefined) return false;
  if (typeof value === 'string' && value.startsWith(`${shellSecret()} `)) return true;
  delete req.headers[SHELL_TEMPLATE_HEADER];
  return false;
}

/**
 * Logged-in visitors of public pages, nearly as fast as anonymous ones: the page's shell for their account's shape, kept
 * beside the anonymous answers (same tags, same freshness), with their values filled in per request.
 * Personal answers all the same: `private, no-store`, never the anonymous copy.
 */
export function shellPages({
  host,
  port,
  store,
  overBudget,
}: {
  host: string;
  port: number;
  store: PageStore;
  /** Whether a render for this visitor goes past its budget (render-budget.ts), after sending the 429. */
  overBudget: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
}) {
  const inflight = new Map<string, Promise<Stored | null>>();
  const compiled = new WeakMap<Stored, CompiledShell>();
  // Keys that gave no shell (a 404, a redirect): rendered per request for a while.
  const noShell = new LRUCache<string, true>({ max: 10_000, ttl: NO_SHELL_MS });

  /** Renders the shell once per key at a time; the answer is kept if it is one. */
  function render(key: string, req: IncomingMessage, route: Public, shape: string): Promise<Stored | null> {
    const running = inflight.get(key);
    if (running) return running;
    const mark = store.mark();
    const url = req.url ?? '/';
    const headers = shellRequestHeaders(req.headers, shape);
    const done = new Promise<Stored | null>((resolve) => {
      const request = http.request({ host, port, method: 'GET', path: url, headers }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ENTRY_BYTES) chunks.push(chunk);
        });
        response.once('end', () => {
          const type = String(response.headers['content-type'] ?? '');
          const usable =
            response.statusCode === 200 &&
            size <= MAX_ENTRY_BYTES &&
            type.startsWith('text/html') &&
            !response.headers['set-cookie'];
          if (!usable) return resolve(null);
          const shell = compileShell(Buffer.concat(chunks).toString('utf8'), shape);
          if (!shell) {
            log.warn({ url, shape }, 'the page gave no shell of this shape; it renders per request');
            return resolve(null);
          }
          const kept = Object.fromEntries(
            KEPT_HEADERS.flatMap((h) => (h in response.headers ? [[h, response.headers[h]!]] : [])),
          );
          const entry: Stored = {
            status: 200,
            headers: kept,
            body: shell.body, // what the store counts; the shell's parts are views into it
            tags: route.tags,
            storedAt: Date.now(),
            request: { method: 'GET', url, headers },
          };
          compiled.set(entry, shell);
          store.set(key, entry, mark);
          resolve(entry);
        });
        response.once('error', () => resolve(null));
      });
      request.once('error', (error) => {
        log.warn({ err: error, url }, 'shell render failed');
        resolve(null);
      });
      request.end();
    }).finally(() => inflight.delete(key));
    inflight.set(key, done);
    return done;
  }

  /**
   * `sent` when the answer went out; `no-session` when the cookie names no session (the answer is the
   * anonymous one); `render` to render it for this visitor as before (always, unless `shellable`: a
   * router payload is only looked up).
   */
  return async function serveShell(
    req: IncomingMessage,
    res: ServerResponse,
    route: Public,
    token: string,
    shellable: boolean,
  ): Promise<'sent' | 'no-session' | 'render'> {
    let user: UserInfo | null | undefined;
    try {
      user = await lookUpShellUser(token);
    } catch {
      return 'render'; // the database cannot say now: the page renders and says so itself
    }
    if (user === null) return 'no-session';
    if (!shellable) return 'render';
    const shape = user && shellShape(user);
    if (!user || !shape) return 'render';
    const url = req.url ?? '/';
    const key = `shell ${shape} ${cacheKey('GET', url, { ...req.headers, 'accept-encoding': 'identity' }, route)}`;
    if (noShell.has(key)) return 'render';
    let entry = store.get(key);
    const age = entry ? (Date.now() - entry.storedAt) / 1000 : Number.POSITIVE_INFINITY;
    const state = !entry || age >= FRESH_S + STALE_S ? 'MISS' : age >= FRESH_S ? 'STALE' : 'HIT';
    if (state === 'MISS') {
      // A new address (a search) renders a shell: it counts like the visitor's own render would.
      if (!inflight.has(key) && (await overBudget(req, res))) return 'sent';
      entry = (await render(key, req, route, shape)) ?? undefined;
    } else if (state === 'STALE') void render(key, req, route, shape);
    if (!entry) {
      noShell.set(key, true);
      return 'render';
    }
    const shell = compiled.get(entry);
    if (!shell) return 'render';
    send(req, res, entry, fillShell(shell, user), state);
    return 'sent';
  };
}

function send(req: IncomingMessage, res: ServerResponse, entry: Stored, body: Buffer, state: string) {
  const gzip = acceptedEncoding(req.headers['accept-encoding']) === 'gzip';
  const payload = gzip ? zlib.gzipSync(body, { level: 4 }) : body;
  res.writeHead(200, {
    ...entry.headers,
    'cache-control': PRIVATE_CACHE_CONTROL,
    vary: mergeVary(undefined, VARY.page),
    'content-length': payload.length,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    'x-shell': state,
  });
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** The visitor's request as a shell request: no session, the language cookie kept, nothing compressed. */
const shellRequestHeaders = (headers: IncomingHttpHeaders, shape: string) => ({
  ...replayHeaders(headers),
  'accept-encoding': 'identity',
  [SHELL_TEMPLATE_HEADER]: `${shellSecret()} ${shape}`,
});

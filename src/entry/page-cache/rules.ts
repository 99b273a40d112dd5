import type { IncomingHttpHeaders } from 'node:http';
import type { ChangeTag } from '../../server/cache/change-bus';
import { namesCookie, readCookie } from '../../server/http/cookies';

/**
 * Which answers are the same for every visitor without a session, and which changes make them old.
 * Paths are those of the public pages and read calls; a page's language is its URL prefix (or,
 * unprefixed, the NEXT_LOCALE cookie that may redirect it), an API call's the `lang` header.
 */
type Rule = { path: RegExp; tags: ChangeTag[] };
/** A page or GET call also names the query parameters it reads: no other one can change its answer. */
type ReadRule = Rule & { query: readonly string[] };

const PREFIX = /^\/(?:zh-tw|en-us)(?=\/|$)/;

const PAGES: ReadRule[] = [
  { path: /^\/?$/, tags: ['release'], query: [] },
  // server/content/docs-page.ts
  { path: /^\/documentt?$/, tags: ['release'], query: ['menu', 'sub', 'q'] },
  { path: /^\/helpCenter$/, tags: [], query: ['cat', 'q'] },
  { path: /^\/blog$/, tags: ['blog'], query: ['page'] },
  { path: /^\/blog\/[^/]+$/, tags: ['blog'], query: [] },
  { path: /^\/market$/, tags: ['store'], query: ['name'] },
  // features/store/query.ts
  { path: /^\/market\/(?:plug|theme)$/, tags: ['store'], query: ['name', 'sort', 'device', 'price', 'page'] },
  { path: /^\/market\/(?:plug|theme)\/\d+$/, tags: ['store'], query: [] },
  // contract/resource.ts libraryQuerySchema
  { path: /^\/resource$/, tags: ['library'], query: ['page', 'wd', 't'] },
  // features/domain/paths.ts: the check shown, and the site whose stored record a shared link shows
  { path: /^\/domainDetection$/, tags: ['domain'], query: ['activeIndex', 'domain'] },
];

/** contract/resource.ts provideQuerySchema, and `lang` (server/resource/provide-route.ts). */
export const PROVIDE_QUERY = ['ac', 't', 'pg', 'wd', 'h', 'ids', 'pagesize', 'at', 'year', 'lang'] as const;

const GET_CALLS: ReadRule[] = [
  { path: /^\/resource-api\/provide\/vod(?:\/.*)?$/, tags: ['library'], query: PROVIDE_QUERY },
  { path: /^\/api\/release\/latest$/, tags: ['release'], query: [] },
  { path: /^\/api\/home\/config$/, tags: [], query: [] },
  // contract/content.ts articleListSchema, articleDetailSchema
  { path: /^\/api\/article\/list$/, tags: ['blog'], query: ['offset', 'limit'] },
  { path: /^\/api\/article\/detail$/, tags: ['blog'], query: ['id'] },
  // contract/item-reviews.ts reviewListSchema: a review change clears the store (ratings/write.ts)
  { path: /^\/api\/market\/reviews$/, tags: ['store'], query: ['id', 'page'] },
  { path: /^\/rss\.xml$/, tags: ['blog'], query: ['lang'] },
  { path: /^\/sitemap\.xml$/, tags: ['store', 'blog', 'release'], query: [] },
  { path: /^\/robots\.txt$/, tags: [], query: [] },
];

/** The CMS's read calls are POSTs with a small form: their body is part of the key. */
const POST_CALLS: Rule[] = [
  { path: /^\/api\/market\/center$/, tags: ['store'] },
  { path: /^\/api\/market_(?:plugins|theme)\/detail$/, tags: ['store'] },
];

/** Headers that make Next answer something else than the page's HTML (router payloads, actions). */
const NEXT_ROUTER_HEADERS = ['rsc', 'next-action', 'next-router-state-tree', 'next-router-prefetch'];
/**
 * What a router payload (a navigation or prefetch, `RSC: 1`) depends on besides the URL: the
 * segments the browser already holds and what kind of prefetch it is. Next varies on these.
 */
const ROUTER_KEY_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
];

export type Public = { kind: 'page' | 'call'; tags: ChangeTag[]; post: boolean; query?: readonly string[] };

/** The rule for a request's path, whoever sends it; null for everything else (private, static, unknown). */
export function publicRoute(method: string, pathname: string): Public | null {
  if (method === 'POST') {
    const rule = POST_CALLS.find((r) => r.path.test(pathname));
    return rule ? { kind: 'call', tags: rule.tags, post: true } : null;
  }
  if (method !== 'GET' && method !== 'HEAD') return null;
  const call = GET_CALLS.find((r) => r.path.test(pathname));
  if (call) return { kind: 'call', tags: call.tags, post: false, query: call.query };
  const page = PAGES.find((r) => r.path.test(pathname.replace(PREFIX, '')));
  return page ? { kind: 'page', tags: page.tags, post: false, query: page.query } : null;
}

/** Next's router marks its payload requests with this parameter; it checks it against their headers. */
const ROUTER_PARAM = '_rsc';

/**
 * A page's or GET call's URL with only the query parameters it reads (and the router's own).
 * Campaign and share links (`?utm_source=`, `?fbclid=`) and made-up ones then share the cached
 * answer: nobody can make the server render again by adding a parameter it ignores. The collection
 * API's name/value pairs in the path become query parameters, the known ones only.
 */
export function pageUrl(url: string, route: Public): string {
  if (PROVIDE_PATH.test(url.split('?')[0] ?? '')) return provideUrl(url);
  const at = url.indexOf('?');
  if (at < 0 || !route.query) return url;
  const read = new Set([...route.query, ROUTER_PARAM]);
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => read.has(safeDecode(pair.split('=')[0] ?? '')));
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

const PROVIDE_PATH = /^\/resource-api\/provide\/vod(?:\/|$)/;

/**
 * `/resource-api/provide/vod/ac/list/x/1?pg=2&r=7` as `/resource-api/provide/vod?ac=list&pg=2`: the
 * path's pairs, then the query's over them, as serveProvide reads them, known names only.
 */
function provideUrl(url: string): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const segments = path.slice('/resource-api/provide/vod'.length).split('/').filter(Boolean);
  const read = new Map<string, string>();
  const known = new Set<string>(PROVIDE_QUERY);
  for (let i = 0; i + 1 < segments.length; i += 2) {
    const name = segmentText(segments[i]!);
    if (known.has(name)) read.set(name, segmentText(segments[i + 1]!));
  }
  for (const [name, value] of new URLSearchParams(at < 0 ? '' : url.slice(at + 1)))
    if (known.has(name)) read.set(name, value);
  const pairs = PROVIDE_QUERY.flatMap((n): [string, string][] => (read.has(n) ? [[n, read.get(n)!]] : []));
  const query = new URLSearchParams(pairs);
  return `/resource-api/provide/vod${read.size ? `?${query}` : ''}`;
}

/** A path segment as Next hands it to the route (`+` stays a plus sign). */
function segmentText(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function safeDecode(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** Next's router or a server action asking, or a token header: not a page load of a browser's. */
export const routerRequest = (headers: IncomingHttpHeaders) =>
  Boolean(headers.token || headers.authorization) ||
  NEXT_ROUTER_HEADERS.some((h) => headers[h] !== undefined);

/** Next's router asking for a page's payload (no action): shared by anonymous visitors, like the page. */
export const routerPayload = (headers: IncomingHttpHeaders) =>
  headers.rsc !== undefined && headers['next-action'] === undefined;

/**
 * A request whose answer may be personal: one that names the session cookie at all (even empty: only
 * after the cache took it out may Next render an answer to share), a token header or a server action.
 */
export function personal(headers: IncomingHttpHeaders, sessionCookie: string): boolean {
  return (
    namesCookie(headers.cookie, sessionCookie) ||
    Boolean(headers.token || headers.authorization) ||
    NEXT_ROUTER_HEADERS.some((h) => headers[h] !== undefined && !routerPayload(headers))
  );
}

const DEFAULT_LOCALE = 'zh-cn';

/** A page's language: its URL prefix, else the default. */
export const pageLocale = (pathname: string) => PREFIX.exec(pathname)?.[0].slice(1) ?? DEFAULT_LOCALE;

/**
 * Everything besides the URL an anonymous answer depends on. A prefixed page is the same whatever the
 * language cookie says; an unprefixed one redirects a visitor whose
 * cookie names another language, so that cookie is part of its key.
 */
export function cacheKey(
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  route: Public,
  body?: Buffer,
): string {
  const encoding = acceptedEncoding(headers['accept-encoding']);
  const pathname = url.split('?')[0] ?? '/';
  const cookie = readCookie(headers.cookie, 'NEXT_LOCALE') ?? DEFAULT_LOCALE;
  const locale = pageLocale(pathname);
  const language =
    route.kind === 'call'
      ? `lang=${headers.lang ?? ''}`
      : `locale=${locale}${PREFIX.test(pathname) || cookie === locale ? '' : `<-${cookie}`}`;
  const form = route.post ? `${headers['content-type'] ?? ''} ${body?.toString('latin1') ?? ''}` : '';
  const router = routerPayload(headers)
    ? ROUTER_KEY_HEADERS.map((h) => String(headers[h] ?? '')).join('|')
    : '';
  return `${method === 'HEAD' ? 'GET' : method} ${url} ${language} ${encoding} ${form} ${router}`;
}

/**
 * The one encoding a shared answer may have for this request: `gzip` when the request accepts it
 * (any case, `q` above 0, or through `*`), else `identity`. The request Next sees says only that
 * (`normalizeEncoding`), so Next cannot compress with anything else (deflate, br) and the cache keys
 * on what is sent; a client that asked for nothing (the CMS's curl) gets plain bytes.
 */
export function acceptedEncoding(header: string | string[] | undefined): 'gzip' | 'identity' {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of text.split(',')) {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => /^q\s*=/.test(p));
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ''));
    const value = Number.isFinite(weight) ? weight : 0;
    if (coding === 'gzip' || coding === 'x-gzip') gzip = Math.max(gzip ?? 0, value);
    else if (coding === '*') any = value;
  }
  return (gzip ?? any ?? 0) > 0 ? 'gzip' : 'identity';
}

/** Sets the request's Accept-Encoding to the one encoding its shared answer may have. */
export function normalizeEncoding(headers: IncomingHttpHeaders) {
  headers['accept-encoding'] = acceptedEncoding(headers['accept-encoding']);
}

/** Whether an answer went out in the encoding its key names (identity is always acceptable). */
export function sentAsKeyed(headers: IncomingHttpHeaders, sent: unknown): boolean {
  const encoding = String(sent ?? 'identity')
    .trim()
    .toLowerCase();
  return encoding === 'identity' || encoding === acceptedEncoding(headers['accept-encoding']);
}

/** Shared caches may keep an anonymous answer this long, and serve it stale while refetching it. */
export const FRESH_S = 60;
export const STALE_S = 600;
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${FRESH_S}, stale-while-revalidate=${STALE_S}`;
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** The request headers an answer on these paths differs by; Next adds its router headers to pages. */
export const VARY = {
  page: ['Cookie', 'Accept-Encoding'],
  call: ['Cookie', 'Accept-Encoding', 'lang', 'token'],
};

/**
 * The headers a background refresh sends: the visitor's, minus cookies other than the language, and
 * the one encoding its key names instead of the visitor's Accept-Encoding.
 */
export function replayHeaders(from: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(from)) {
    if (typeof value !== 'string' || name === 'cookie' || name === 'connection') continue;
    if (name.startsWith('x-forwarded-') || name === 'x-real-ip' || name === 'x-request-id') continue;
    headers[name] = value;
  }
  headers['accept-encoding'] = acceptedEncoding(from['accept-encoding']);
  const locale = readCookie(from.cookie, 'NEXT_LOCALE');
  if (locale) headers.cookie = `NEXT_LOCALE=${locale}`;
  return headers;
}

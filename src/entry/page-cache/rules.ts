import type { IncomingHttpHeaders } from 'node:http';
import type { ChangeTag } from '../../server/cache/change-bus';

/**
 * Which answers are the same for every visitor without a session, and which changes make them old.
 * Paths are those of the public pages and read calls; a page's language is its URL prefix (or,
 * unprefixed, the NEXT_LOCALE cookie that may redirect it), an API call's the `lang` header.
 */
type Rule = { path: RegExp; tags: ChangeTag[] };
/** A page also names the query parameters it reads: no other one can change what it shows. */
type PageRule = Rule & { query: readonly string[] };

const PREFIX = /^\/(?:zh-tw|en-us)(?=\/|$)/;

const PAGES: PageRule[] = [
  { path: /^\/?$/, tags: ['release'], query: [] },
  // server/content/docs-page.ts
  { path: /^\/documentt?$/, tags: ['release'], query: ['menu', 'sub', 'q'] },
  { path: /^\/helpCenter$/, tags: [], query: ['cat', 'q'] },
  { path: /^\/blog$/, tags: ['blog'], query: ['page'] },
  { path: /^\/blog\/[^/]+$/, tags: ['blog'], query: [] },
  { path: /^\/market$/, tags: ['store'], query: [] },
  // features/store/query.ts
  { path: /^\/market\/(?:plug|theme)$/, tags: ['store'], query: ['name', 'sort', 'device', 'price', 'page'] },
  { path: /^\/market\/(?:plug|theme)\/\d+$/, tags: ['store'], query: [] },
  // contract/resource.ts libraryQuerySchema
  { path: /^\/resource$/, tags: ['library'], query: ['page', 'wd', 't'] },
  { path: /^\/domainDetection$/, tags: [], query: ['activeIndex'] },
];

const GET_CALLS: Rule[] = [
  { path: /^\/resource-api\/provide\/vod(?:\/.*)?$/, tags: ['library'] },
  { path: /^\/api\/release\/latest$/, tags: ['release'] },
  { path: /^\/api\/home\/config$/, tags: [] },
  { path: /^\/api\/article\/(?:list|detail)$/, tags: ['blog'] },
  { path: /^\/rss\.xml$/, tags: ['blog'] },
  { path: /^\/sitemap\.xml$/, tags: ['store', 'blog', 'release'] },
  { path: /^\/robots\.txt$/, tags: [] },
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
  if (call) return { kind: 'call', tags: call.tags, post: false };
  const page = PAGES.find((r) => r.path.test(pathname.replace(PREFIX, '')));
  return page ? { kind: 'page', tags: page.tags, post: false, query: page.query } : null;
}

/** Next's router marks its payload requests with this parameter; it checks it against their headers. */
const ROUTER_PARAM = '_rsc';

/**
 * A page's URL with only the query parameters the page reads (and the router's own). Campaign and
 * share links (`?utm_source=`, `?fbclid=`) and made-up ones then share the page's cached answer:
 * nobody can make the server render a page again by adding a parameter it ignores.
 */
export function pageUrl(url: string, route: Public): string {
  const at = url.indexOf('?');
  if (at < 0 || !route.query) return url;
  const read = new Set([...route.query, ROUTER_PARAM]);
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => read.has(safeDecode(pair.split('=')[0] ?? '')));
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

function safeDecode(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

export function cookieValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const cookie = headers.cookie;
  if (!cookie) return undefined;
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Next's router or a server action asking, or a token header: not a page load of a browser's. */
export const routerRequest = (headers: IncomingHttpHeaders) =>
  Boolean(headers.token || headers.authorization) ||
  NEXT_ROUTER_HEADERS.some((h) => headers[h] !== undefined);

/** Next's router asking for a page's payload (no action): shared by anonymous visitors, like the page. */
export const routerPayload = (headers: IncomingHttpHeaders) =>
  headers.rsc !== undefined && headers['next-action'] === undefined;

/** A request whose answer may be personal: a session (cookie or token header) or a server action. */
export function personal(headers: IncomingHttpHeaders, sessionCookie: string): boolean {
  return (
    Boolean(cookieValue(headers, sessionCookie)) ||
    Boolean(headers.token || headers.authorization) ||
    NEXT_ROUTER_HEADERS.some((h) => headers[h] !== undefined && !routerPayload(headers))
  );
}

const DEFAULT_LOCALE = 'zh-cn';

/** A page's language: its URL prefix, else the default. */
export const pageLocale = (pathname: string) => PREFIX.exec(pathname)?.[0].slice(1) ?? DEFAULT_LOCALE;

/**
 * Whether a shared page answer lacks the language cookie this visitor should be given: next-intl
 * sets `NEXT_LOCALE` to the page's language when the visitor's cookie says otherwise, so such a
 * visitor needs an answer that carries it.
 */
export const needsLanguageCookie = (
  url: string,
  headers: IncomingHttpHeaders,
  stored: { 'set-cookie'?: unknown },
) => cookieValue(headers, 'NEXT_LOCALE') !== pageLocale(url.split('?')[0] ?? '/') && !stored['set-cookie'];

/**
 * Everything besides the URL an anonymous answer depends on. A prefixed page is the same whatever the
 * language cookie says (at most it sets the cookie); an unprefixed one redirects a visitor whose
 * cookie names another language, so that cookie is part of its key.
 */
export function cacheKey(
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  route: Public,
  body?: Buffer,
): string {
  const gzip = /\bgzip\b/.test(String(headers['accept-encoding'] ?? '')) ? 'gz' : 'id';
  const pathname = url.split('?')[0] ?? '/';
  const cookie = cookieValue(headers, 'NEXT_LOCALE') ?? DEFAULT_LOCALE;
  const locale = pageLocale(pathname);
  const language =
    route.kind === 'call'
      ? `lang=${headers.lang ?? ''}`
      : `locale=${locale}${PREFIX.test(pathname) || cookie === locale ? '' : `<-${cookie}`}`;
  const form = route.post ? `${headers['content-type'] ?? ''} ${body?.toString('latin1') ?? ''}` : '';
  const router = routerPayload(headers)
    ? ROUTER_KEY_HEADERS.map((h) => String(headers[h] ?? '')).join('|')
    : '';
  return `${method === 'HEAD' ? 'GET' : method} ${url} ${language} ${gzip} ${form} ${router}`;
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

/** The headers a background refresh sends: the visitor's, minus cookies other than the language. */
export function replayHeaders(from: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(from)) {
    if (typeof value !== 'string' || name === 'cookie' || name === 'connection') continue;
    if (name.startsWith('x-forwarded-') || name === 'x-real-ip' || name === 'x-request-id') continue;
    headers[name] = value;
  }
  const locale = cookieValue(from, 'NEXT_LOCALE');
  if (locale) headers.cookie = `NEXT_LOCALE=${locale}`;
  return headers;
}

import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { FAILURE_CODE } from '../../contract/limits';
import { HTML_LANG, type Locale, localizedPath, toLocale } from '../../contract/locales';
import { lookUpShellUser } from '../../server/accounts/shell-template';
import { readCookie } from '../../server/http/cookies';
import { connectionAddress } from '../../server/http/forwarded';
import { logFor } from '../../server/log';
import { coreMessages } from '../core-messages';
import { pageLocale } from './rules';

const log = logFor('page-cache');

/**
 * Page renders one address may cause without a session, per node: a burst (a visit makes about 30
 * router requests, all renders right after a change), then a steady rate no person browsing keeps
 * up. Answers from the cache cost nothing; a refused prefetch only means the link loads on click.
 * Calls are not counted here: their operations declare their own limits.
 */
export const RENDER_BURST = 120;
export const RENDERS_PER_S = 3;
/**
 * Tokens a prefetch may not take. Right after a change every prefetch is a miss that renders, so
 * prefetches alone could spend the burst and the next click would be refused; this much is kept
 * for page loads and navigations. Links prefetch on intent only (src/i18n/IntentLink.tsx).
 */
export const NAVIGATION_RESERVE = 40;

/**
 * Read calls (rules.ts) that miss the cache, per address and node: a collector walks pages one by
 * one (the CMS waits seconds between them), the CMS's market a few calls per screen; a parameter
 * made up per request to miss the cache runs out of it at once.
 */
export const CALL_RENDERS: RenderRate = { burst: 240, perSecond: 10 };

export type RenderRate = { burst: number; perSecond: number };
const ANONYMOUS: RenderRate = { burst: RENDER_BURST, perSecond: RENDERS_PER_S };
/**
 * Logged-in visitors render every private page they open, so they are counted too: per account as
 * an address is, and all accounts of one address together with room for a team behind one NAT,
 * since accounts cost nothing to make (a few an hour per address).
 */
export const ACCOUNTS_OF_ONE_ADDRESS: RenderRate = { burst: 4 * RENDER_BURST, perSecond: 4 * RENDERS_PER_S };

type Bucket = { tokens: number; at: number };

/**
 * A token bucket per key; `take` answers 0 when a render may go ahead, else the seconds to wait.
 * `keep` tokens stay in the bucket for other requests.
 */
export function renderBudget(now: () => number = Date.now, { burst, perSecond }: RenderRate = ANONYMOUS) {
  const buckets = new LRUCache<string, Bucket>({ max: 100_000 });
  return function take(key: string, keep = 0): number {
    const at = now();
    const bucket = buckets.get(key) ?? { tokens: burst, at };
    bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);
    bucket.at = at;
    buckets.set(key, bucket);
    if (bucket.tokens >= 1 + keep) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 + keep - bucket.tokens) / perSecond);
  };
}

const NOT_PAGES = /^\/(?:_next|api|yapi|dapi|resource-api)(?:\/|$)/;
/** The app's own file routes (src/app/<name>/route.ts, favicon.ico, icon.svg, robots.ts). */
export const FILE_ROUTES = [
  '/favicon.ico',
  '/icon.svg',
  '/maccms-release.pub',
  '/robots.txt',
  '/rss.xml',
  '/sitemap.xml',
];
let staticFiles: Set<string> | undefined;

/** Every file Next serves as is: the file routes and what `public/` holds, listed once. */
function staticFile(pathname: string): boolean {
  staticFiles ??= new Set([...FILE_ROUTES, ...publicFiles()]);
  try {
    return staticFiles.has(decodeURI(pathname));
  } catch {
    return false; // not a valid address: Next answers it with a page
  }
}

function publicFiles(): string[] {
  const root = path.join(process.cwd(), 'public');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map(
      (entry) => `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
    );
}

/**
 * A path Next answers with a rendered page (a 404 included), not a call or a file: a made-up
 * `/x.svg` is a 404 page in the full layout, so a dot in the path does not make it a file.
 */
export const pagePath = (pathname: string) => !NOT_PAGES.test(pathname) && !staticFile(pathname);

/**
 * Answers whether a page render for this request goes past its budget, after sending the 429: its
 * address's without a session, else its account's and that of all accounts of its address.
 */
export function renderGuard(sessionCookie: string) {
  const anonymous = renderBudget();
  const account = renderBudget();
  const accountsOfAddress = renderBudget(Date.now, ACCOUNTS_OF_ONE_ADDRESS);
  const warned = new LRUCache<string, true>({ max: 1_000, ttl: 60_000 });
  return async function overBudget(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const token = readCookie(req.headers.cookie, sessionCookie);
    const user = token ? await lookUpShellUser(token)?.catch(() => undefined) : undefined;
    const address = addressOf(req);
    const prefetch = req.headers['next-router-prefetch'] !== undefined;
    const keep = prefetch ? NAVIGATION_RESERVE : 0;
    const wait = user
      ? account(String(user.user_id), keep) || accountsOfAddress(address, keep)
      : anonymous(address, keep);
    if (!wait) return false;
    refuseRender(req, res, wait);
    if (!prefetch && !warned.has(address)) {
      warned.set(address, true);
      // Every visitor behind a proxy of ours shares its address unless TRUST_PROXY says so.
      log.warn(
        { address, user: user?.user_id, url: req.url },
        'render budget spent: pages that would render answer 429',
      );
    }
    return true;
  };
}

/**
 * Answers whether a read call that the cache cannot answer goes past its address's budget, after
 * sending the 429 in the API's envelope (the same for the collection API, whose failures use it too).
 */
export function callGuard() {
  const calls = renderBudget(Date.now, CALL_RENDERS);
  return function overBudget(req: IncomingMessage, res: ServerResponse): boolean {
    const wait = calls(addressOf(req));
    if (!wait) return false;
    const locale = toLocale(typeof req.headers.lang === 'string' ? req.headers.lang : undefined);
    const body = JSON.stringify({
      code: FAILURE_CODE,
      msg: coreMessages(locale).api.rateLimited.replace('{seconds}', String(wait)),
      info: null,
    });
    res.writeHead(429, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': String(wait),
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(body),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

const addressOf = (req: IncomingMessage) =>
  connectionAddress(
    typeof req.headers['x-forwarded-for'] === 'string' ? req.headers['x-forwarded-for'] : undefined,
    req.socket.remoteAddress,
  );

/** HTTP 429 with Retry-After and a short page in the URL's language; nothing rendered. */
function refuseRender(req: IncomingMessage, res: ServerResponse, seconds: number) {
  const locale = pageLocale((req.url ?? '/').split('?')[0] ?? '/') as Locale;
  const { api, meta } = coreMessages(locale);
  const text = api.tooManyPages;
  const siteName = meta.siteName;
  // The home page is served from the cache, so the way back works even now.
  const body = `<!doctype html><html lang="${HTML_LANG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>429</title></head><body style="font-family:sans-serif;text-align:center;padding:15vh 1rem"><h1>429</h1><p>${text.replace('{seconds}', String(seconds))}</p><a href="${localizedPath(locale, '/')}">${siteName}</a></body></html>`;
  res.writeHead(429, {
    'content-type': 'text/html; charset=utf-8',
    'retry-after': String(seconds),
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

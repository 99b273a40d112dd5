import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { HTML_LANG, LOCALES, type Locale, localizedPath } from '../../contract/locales';
import { lookUpShellUser } from '../../server/accounts/shell-template';
import { connectionAddress } from '../../server/http/forwarded';
import { logFor } from '../../server/ops/log';
import { cookieValue, pageLocale } from './rules';

const log = logFor('page-cache');

/**
 * Page renders one address may cause without a session, per node: a burst (a visit makes about 30
 * router requests, all renders right after a change), then a steady rate no person browsing keeps
 * up. Answers from the cache cost nothing; a refused prefetch only means the link loads on click.
 * Calls are not counted here: their operations declare their own limits.
 */
export const RENDER_BURST = 120;
export const RENDERS_PER_S = 3;

type Bucket = { tokens: number; at: number };

/** A token bucket per address; `take` answers 0 when a render may go ahead, else the seconds to wait. */
export function renderBudget(now: () => number = Date.now) {
  const buckets = new LRUCache<string, Bucket>({ max: 100_000 });
  return function take(address: string): number {
    const at = now();
    const bucket = buckets.get(address) ?? { tokens: RENDER_BURST, at };
    bucket.tokens = Math.min(RENDER_BURST, bucket.tokens + ((at - bucket.at) / 1000) * RENDERS_PER_S);
    bucket.at = at;
    buckets.set(address, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / RENDERS_PER_S);
  };
}

const NOT_PAGES = /^\/(?:_next|api|yapi|dapi|resource-api)(?:\/|$)/;

/** A path Next answers with a rendered page (a 404 included), not a call or a static file. */
export const pagePath = (pathname: string) => !NOT_PAGES.test(pathname) && !/\.[^/]*$/.test(pathname);

/**
 * Answers whether a page render for this request goes past its address's budget, after sending the
 * 429. A visitor with a session is not counted: only an anonymous client could render without end.
 */
export function renderGuard(sessionCookie: string) {
  const take = renderBudget();
  const warned = new LRUCache<string, true>({ max: 1_000, ttl: 60_000 });
  return async function overBudget(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const token = cookieValue(req.headers, sessionCookie);
    if (token && (await lookUpShellUser(token)?.catch(() => undefined))) return false;
    const address = addressOf(req);
    const wait = take(address);
    if (!wait) return false;
    refuseRender(req, res, wait);
    if (!warned.has(address)) {
      warned.set(address, true);
      // Every visitor behind a proxy of ours shares its address unless TRUST_PROXY says so.
      log.warn({ address, url: req.url }, 'render budget spent: pages that would render answer 429');
    }
    return true;
  };
}

const addressOf = (req: IncomingMessage) =>
  connectionAddress(
    typeof req.headers['x-forwarded-for'] === 'string' ? req.headers['x-forwarded-for'] : undefined,
    req.socket.remoteAddress,
  );

type Refusal = { text: string; siteName: string };
let texts: Record<Locale, Refusal> | undefined;

/** The refusal's text in each language, read once from the same catalogues the pages use. */
function refusalTexts(): Record<Locale, Refusal> {
  texts ??= Object.fromEntries(
    LOCALES.map((locale) => {
      const file = path.join(process.cwd(), 'messages', locale, 'core.json');
      const core = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        api: { tooManyPages: string };
        meta: { siteName: string };
      };
      return [locale, { text: core.api.tooManyPages, siteName: core.meta.siteName }];
    }),
  ) as Record<Locale, Refusal>;
  return texts;
}

/** HTTP 429 with Retry-After and a short page in the URL's language; nothing rendered. */
function refuseRender(req: IncomingMessage, res: ServerResponse, seconds: number) {
  const locale = pageLocale((req.url ?? '/').split('?')[0] ?? '/') as Locale;
  const { text, siteName } = refusalTexts()[locale];
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

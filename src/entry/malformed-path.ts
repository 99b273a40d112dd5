import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Locale, toLocale } from '../contract/locales';
import { coreMessages } from './core-messages';
import { MACHINE_PATH } from './normalize-url';
import { pageLocale } from './page-cache/rules';

/**
 * Whether a request's path cannot be decoded: a `%` not followed by two hex digits, or escapes that
 * are not UTF-8 (`%FF`). Next and its middleware throw on such a path, which answered 500; it is
 * the client's mistake, so it gets a 400 here, before anything decodes it.
 */
export function isMalformedPath(url: string): boolean {
  const q = url.indexOf('?');
  try {
    decodeURIComponent(q < 0 ? url : url.slice(0, q));
    return false;
  } catch {
    return true;
  }
}

/**
 * Answers a malformed path with 400 in the caller's language: the `{code, msg, info}` envelope on
 * the API roots (what their clients read), plain text elsewhere.
 */
export function refuseMalformedPath(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? '/';
  const machine = MACHINE_PATH.test(url);
  // The language as the server's other answers read it: the `lang` header of a call, a page's URL.
  const locale = machine ? toLocale(header(req, 'lang')) : (pageLocale(url.split('?')[0] ?? '/') as Locale);
  const msg = coreMessages(locale).api.badPath;
  const body = machine ? JSON.stringify({ code: 0, msg, info: null }) : msg;
  res.writeHead(400, {
    'content-type': machine ? 'application/json' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(body);
}

const header = (req: IncomingMessage, name: string) => [req.headers[name]].flat()[0];

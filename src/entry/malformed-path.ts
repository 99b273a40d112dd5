import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { type Locale, toLocale } from '../contract/locales';

const MACHINE = /^\/(api|yapi|dapi|resource-api)(\/|$)/;

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
  const machine = MACHINE.test(req.url ?? '');
  const lang = machine ? header(req, 'lang') : cookie(req, 'NEXT_LOCALE');
  const msg = badPathMessage(toLocale(lang));
  const body = machine ? JSON.stringify({ code: 0, msg, info: null }) : msg;
  res.writeHead(400, {
    'content-type': machine ? 'application/json' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(body);
}

const header = (req: IncomingMessage, name: string) => [req.headers[name]].flat()[0];

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, value] = part.split('=');
    if (key?.trim() === name) return value?.trim();
  }
  return undefined;
}

const messages = new Map<Locale, string>();

/** This server runs outside Next's bundles, so it reads its one message from the catalogue itself. */
function badPathMessage(locale: Locale): string {
  let msg = messages.get(locale);
  if (msg === undefined) {
    try {
      const file = path.join(process.cwd(), 'messages', locale, 'core.json');
      msg = String(JSON.parse(fs.readFileSync(file, 'utf8')).api.badPath);
    } catch {
      msg = 'Bad Request';
    }
    messages.set(locale, msg);
  }
  return msg;
}

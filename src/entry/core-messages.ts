import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '../contract/locales';

/** What of `messages/<locale>/core.json` the server's own answers (before Next) use. */
export type CoreMessages = {
  api: { tooManyPages: string; rateLimited: string; badPath: string };
  meta: { siteName: string };
};

const read = new Map<Locale, CoreMessages>();

/**
 * The core catalogue of a language, read once: this server runs outside Next's bundles, so the few
 * answers it gives itself (a 429, a 400 for an undecodable path) read the pages' own catalogues.
 */
export function coreMessages(locale: Locale): CoreMessages {
  let messages = read.get(locale);
  if (!messages) {
    const file = path.join(process.cwd(), 'messages', locale, 'core.json');
    messages = JSON.parse(fs.readFileSync(file, 'utf8')) as CoreMessages;
    read.set(locale, messages);
  }
  return messages;
}

import 'server-only';
import { createHash } from 'node:crypto';

/**
 * A static file's text as compared with the official one: UTF-8, without a BOM, with Unix line
 * endings and no trailing blanks on a line (what an FTP upload in text mode or an editor changes
 * without changing the code).
 */
export function normaliseText(bytes: Uint8Array | string): string {
  const text = typeof bytes === 'string' ? bytes : new TextDecoder('utf-8').decode(bytes);
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n+$/, '');
}

export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

/** Where a package entry sits on a site: `/static/…` from the package's `static/` folder. */
export function sitePath(entry: string): string | null {
  const at = entry.replace(/\\/g, '/').search(/(?:^|\/)static\//);
  if (at < 0 || !/\.(?:js|css|html?)$/i.test(entry)) return null;
  const path = entry.replace(/\\/g, '/').slice(at).replace(/^\/?/, '/');
  return /\.\.|\/\//.test(path) ? null : path;
}

import 'server-only';
import type { Kind } from '@/contract/market';
import type { PackageInfo } from '../../db/schema';

/** Longest value kept of each key: info.ini is the developer's file, the report is stored with each version. */
const VALUE_MAX = 2000;

/**
 * The keys of an info.ini as PHP's parse_ini_file reads what packages write: `key = value`, the value
 * optionally quoted, `;` starting a comment outside quotes; `[sections]` are not kept apart, and the
 * first line of a key wins.
 */
export function readIni(text: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n|\r/)) {
    const match = /^\s*([A-Za-z0-9_.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^;]*))/.exec(line);
    if (!match?.[1] || keys.has(match[1])) continue;
    keys.set(match[1], (match[2] ?? match[3] ?? match[4] ?? '').trim().slice(0, VALUE_MAX));
  }
  return keys;
}

/**
 * What a package says of itself. A plugin's `name` is its folder (the CMS loads `addons/<name>/`) and
 * `title` what people read; a theme's `name` is what people read and its folder is the zip's, unless
 * it also writes `dir`.
 */
export function packageInfo(kind: Kind, text: string): PackageInfo {
  const ini = readIni(text);
  const get = (...names: string[]) => names.map((n) => ini.get(n) ?? '').find(Boolean) ?? '';
  return {
    name: kind === 'plugin' ? get('title') : get('name', 'title'),
    folder: kind === 'plugin' ? get('name') : get('dir'),
    version: get('version'),
    intro: get('intro', 'description'),
    author: get('author'),
  };
}

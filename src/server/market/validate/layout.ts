import 'server-only';
import type { Kind } from '@/contract/market';
import { DIR_PATTERN, expectedTree, mainFile } from '@/contract/package-layout';
import { readIni } from './info-ini';

type Entry = { name: string; directory: boolean };

export type Layout =
  | {
      ok: true;
      /** The folder the CMS installs the package as (`file_name` minus `.zip`). */
      dir: string;
      /** The single top folder the developer zipped (`collector/`), dropped when repacking; or ''. */
      strip: string;
      main: string;
    }
  | { ok: false; key: string; params: Record<string, string> };

/** Operating-system litter that never belongs in a package: dropped, never judged. */
export const LITTER = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

/**
 * Finds where a package's files sit and the folder the CMS will install it as. The files must sit at
 * the zip's root; a zip whose files all sit under one top folder named like the package is accepted
 * (the caller repacks it). Anything else that would not install is refused with the expected tree.
 */
export function findLayout(
  entries: Entry[],
  kind: Kind,
  fileName: string,
  readText: (name: string) => string,
): Layout {
  const files = entries.filter((e) => !e.directory && !LITTER.test(e.name)).map((e) => e.name);
  const tops = new Set(files.map((n) => (n.includes('/') ? `${n.split('/')[0]}/` : n)));
  const [only = ''] = tops;
  const strip = tops.size === 1 && only.endsWith('/') ? only : '';
  const inner = new Set(files.map((n) => n.slice(strip.length)));
  const found = [...new Set([...inner].map((n) => (n.includes('/') ? `${n.split('/')[0]}/` : n)))]
    .sort()
    .slice(0, 8)
    .join(', ');
  const fail = (key: string, dir = '', extra: Record<string, string> = {}): Layout => ({
    ok: false,
    key,
    params: { tree: expectedTree(kind, dir), found, dir, ...extra },
  });
  const top = strip.slice(0, -1);

  if (!inner.has('info.ini')) return fail(kind === 'plugin' ? 'pluginInfo' : 'themeInfo');
  if (kind === 'theme') {
    const dir = strip ? top.toLowerCase() : themeDirFromFileName(fileName);
    if (!DIR_PATTERN.theme.test(dir))
      return fail('themeDirName', '', { folder: (top || fileName).slice(0, 60) });
    if (![...inner].some((n) => n.startsWith('html/'))) return fail('themeHtml', dir);
    return { ok: true, dir, strip, main: '' };
  }
  // `name = collector` in the plugin's info.ini.
  const dir = readIni(readText(`${strip}info.ini`)).get('name') ?? '';
  if (!dir) return fail('pluginInfoName');
  if (!DIR_PATTERN.plugin.test(dir)) return fail('pluginDirName', '', { folder: dir.slice(0, 60) });
  const main = mainFile(dir);
  if (!inner.has(main)) {
    const other = [...inner].find((n) => n.toLowerCase() === main.toLowerCase());
    return other ? fail('pluginMainCase', dir, { main, file: other }) : fail('pluginMain', dir, { main });
  }
  if (strip && top.toLowerCase() !== dir) return fail('topFolderName', dir, { folder: top, dir });
  return { ok: true, dir, strip, main };
}

/**
 * A theme zipped at its root carries its folder name only in the file name: `mytheme.zip`, and,
 * forgivingly, `MyTheme-1.2.zip` or `mytheme (1).zip` (the part before any other character).
 */
function themeDirFromFileName(fileName: string): string {
  const stem = fileName.replace(/\.zip$/i, '').toLowerCase();
  if (DIR_PATTERN.theme.test(stem)) return stem;
  return /^[a-z][a-z0-9_]*/.exec(stem)?.[0] ?? stem;
}

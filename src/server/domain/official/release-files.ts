import 'server-only';
import { unzipSync } from 'fflate';
import { knownLibrary } from '../../market/validate/known-files';
import { normaliseText, sitePath, textHash } from './normalise';

/**
 * Per file and per package. Every file of a release is indexed (the package scan trusts a
 * copy of any of them); a release is a few tens of megabytes, so these only stop a package that
 * is not one (a dump, a bomb) from filling memory. Static files are small: a bigger one is not one.
 */
const MAX_FILE = 20_000_000;
const MAX_TOTAL = 200_000_000;
const MAX_STATIC = 3_000_000;

export type ReleaseFile = {
  /** Path in the release, without the folder every file shares (`template/default/js/home.js`). */
  path: string;
  /** Where a static file sits on a site (`/static/js/player.js`); null for any other file. */
  site: string | null;
  /** Hash of a static file's text as the domain checks compare it (normalise.ts); null for others. */
  sha256: string | null;
  /** Hash and line hashes as the package scan compares them (known-files.ts). */
  known: string;
  lines?: string;
  /** The normalised text, kept for static files only (the domain checks show what a copy added). */
  text?: string;
  size: number;
};
/** A package's files; `unreadable` says why there are none when it does not unpack. */
export type ReleaseFiles = { files: ReleaseFile[]; unreadable?: string };

/** Whether an entry's name can be a file's place (no `..`, no empty or absolute segment). */
const safeName = (name: string) => !/(?:^|\/)\.\.?(?:\/|$)|\/\/|^\/|\\/.test(name) && !name.endsWith('/');

/**
 * Every file of a release package, hashed as the domain checks and the package scan compare them.
 * Pure CPU (unzip, normalise, hash): run it on a thread (release-off-loop.ts).
 */
export function readReleaseFiles(bytes: Uint8Array): ReleaseFiles {
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (!safeName(f.name) || f.originalSize > MAX_FILE || total + f.originalSize > MAX_TOTAL)
          return false;
        total += f.originalSize;
        return true;
      },
    });
  } catch (error) {
    return { files: [], unreadable: (error as Error).message };
  }
  const named = Object.entries(entries).map(([path, data]) => ({ path, bytes: data }));
  // One provenance rule: the package scan's own reading of a library release (paths lose the top folder).
  const known = knownLibrary('', '', named, true).files;
  const files = new Map<string, ReleaseFile>();
  // One file per place on a site (`static/` in a template folder maps there too): the first.
  const sites = new Set<string>();
  named.forEach(({ path, bytes: data }, i) => {
    const k = known[i]!;
    let site = data.byteLength <= MAX_STATIC ? sitePath(path) : null;
    if (site && sites.has(site)) site = null;
    if (site) sites.add(site);
    const text = site ? normaliseText(data) : undefined;
    files.set(k.path, {
      path: k.path,
      site,
      sha256: text === undefined ? null : textHash(text),
      known: k.sha256,
      ...(k.lines ? { lines: k.lines } : {}),
      ...(text === undefined ? {} : { text }),
      size: data.byteLength,
    });
  });
  return { files: [...files.values()] };
}

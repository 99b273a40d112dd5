import 'server-only';
import type { Added } from './diff';
import { addedText, distance } from './diff';
import { normaliseText, textHash } from './normalise';
import type { OfficialFiles } from './official-files';
import { officialPath } from './official-files';
import { type ConfigPage, readPlayerConfig } from './playerconfig';

export type FileVerdict =
  | { status: 'official'; path: string; versions: string[] }
  | { status: 'tampered'; path: string; nearest: string[]; added: Added[] }
  /** The player's configuration: data only, or with code `added`; `pages` are what it loads. */
  | { status: 'config'; path: string; added: Added[]; pages: ConfigPage[] }
  | { status: 'unknown'; path: string };

/** Official texts compared at most per file (the nearest of them is diffed). */
const MAX_CANDIDATES = 60;
/** Share of the nearest official file a copy must keep to count as that file, tampered. */
const MIN_KEPT = 0.5;

/**
 * A site's copy of one of the CMS's static files against the official ones: an exact match
 * (with the versions that ship it), the player configuration read by its shape, or tampered,
 * with what the copy adds to the nearest official file; a copy unlike every official one is
 * `unknown` (another build). `text` is the normalised copy.
 */
export async function judgeStaticFile(pathname: string, raw: string, official: OfficialFiles) {
  const text = normaliseText(raw);
  const path =
    officialPath(pathname, official) ??
    (/\/static\/js\/[\w.-]+\.js$/.test(pathname) ? pathname.slice(pathname.indexOf('/static/')) : null);
  if (!path) return null;
  const known = official.byPath.get(path);
  const versions = known?.get(textHash(text));
  if (versions) return { verdict: { status: 'official', path, versions } as FileVerdict, text };
  if (path.endsWith('/playerconfig.js')) {
    const config = readPlayerConfig(text);
    if (config) return { verdict: { status: 'config', path, ...config } as FileVerdict, text };
  }
  if (!known) return { verdict: { status: 'unknown', path } as FileVerdict, text };
  let best: { sha: string; text: string; d: number } | null = null;
  for (const sha of [...known.keys()].slice(0, MAX_CANDIDATES)) {
    const candidate = await official.text(sha);
    if (candidate === null) continue;
    const d = distance(candidate, text);
    if (!best || d < best.d) best = { sha, text: candidate, d };
  }
  if (!best) return { verdict: { status: 'unknown', path } as FileVerdict, text };
  const added = addedText(best.text, text);
  // Tampered means an official file with something added: a copy that keeps less than half of
  // the nearest official one, or is mostly new, is another build (one the portal never
  // published), not a tampering. Its code is still read, as the CMS's own file.
  const addedLength = added.reduce((n, a) => n + a.text.length, 0);
  const kept = text.length - addedLength;
  if (kept < best.text.length * MIN_KEPT || addedLength > text.length * MIN_KEPT) {
    return { verdict: { status: 'unknown', path } as FileVerdict, text };
  }
  const verdict: FileVerdict = { status: 'tampered', path, nearest: known.get(best.sha)!, added };
  return { verdict, text };
}

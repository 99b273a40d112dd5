import 'server-only';
import { compareVersions } from '../version/compare';

/** The official static files: path → normalised hash → the versions that ship that exact file. */
export type OfficialFiles = {
  byPath: Map<string, Map<string, string[]>>;
  /** The text of an official file, by hash. */
  text: (sha256: string) => Promise<string | null>;
};

type Row = { edition: string; kind: string; version: string; path: string; sha256: string };

/**
 * Which file each version really has. An install package is complete; an upgrade package holds
 * only what changed, so a version keeps every file of the one before it in its line (pro, v10,
 * v8) that its upgrade does not replace.
 */
export function versionsByFile(rows: Row[]): Map<string, Map<string, string[]>> {
  const byRelease = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.edition}|${r.version}|${r.kind}`;
    byRelease.set(key, [...(byRelease.get(key) ?? []), r]);
  }
  const releases = [...byRelease.values()].sort(
    (a, b) =>
      a[0]!.edition.localeCompare(b[0]!.edition) ||
      compareVersions(a[0]!.version, b[0]!.version) ||
      (a[0]!.kind === 'install' ? 1 : 0) - (b[0]!.kind === 'install' ? 1 : 0),
  );
  const out = new Map<string, Map<string, string[]>>();
  let line = '';
  let state = new Map<string, string>();
  const states = new Map<string, Map<string, string>>();
  for (const files of releases) {
    const { edition, version, kind } = files[0]!;
    if (edition !== line) state = new Map();
    line = edition;
    state = kind === 'install' ? new Map() : new Map(state);
    for (const f of files) state.set(f.path, f.sha256);
    const key = `${edition}|${version}`;
    // An install of the same version completes its upgrade: the union is that version's files.
    states.set(key, new Map([...(states.get(key) ?? []), ...state]));
    state = states.get(key)!;
  }
  for (const [key, files] of states) {
    const version = key.split('|')[1]!;
    for (const [path, sha] of files) {
      const bySha = out.get(path) ?? new Map<string, string[]>();
      const list = bySha.get(sha) ?? [];
      if (!list.includes(version)) list.push(version);
      bySha.set(sha, list.sort(compareVersions));
      out.set(path, bySha);
    }
  }
  return out;
}

/** Official files over `byPath`, each text looked up once (`lookup`: from the database or the main thread). */
export function officialFiles(
  byPath: OfficialFiles['byPath'],
  lookup: (sha256: string) => Promise<string | null>,
): OfficialFiles {
  const cache = new Map<string, Promise<string | null>>();
  return {
    byPath,
    text: (sha256) => {
      if (!cache.has(sha256)) cache.set(sha256, lookup(sha256));
      return cache.get(sha256)!;
    },
  };
}

/** The official path a site's file stands for (`/sub/static/js/player.js` → `/static/js/player.js`). */
export function officialPath(pathname: string, files: OfficialFiles): string | null {
  for (const path of files.byPath.keys()) if (pathname === path || pathname.endsWith(path)) return path;
  return null;
}

import 'server-only';
import type { KnownFile, KnownLibrary } from '../../market/validate/known-files';

/** How a report names an edition: the product, whatever the reader's language. */
export const EDITION_NAMES: Record<string, string> = {
  pro: 'MacCMS Pro',
  v10: 'MacCMS 10',
  v8: 'MacCMS 8',
};

type Row = { edition: string; kind: string; version: string; path: string; known: string; lines?: string };

/**
 * Official release files as the package scan's provenance step reads known releases: one
 * `official` library per release package. A file several releases ship unchanged is one object
 * (its line hashes are kept, and sent to the scan's thread, once).
 */
export function officialLibraries(rows: Row[]): KnownLibrary[] {
  const shared = new Map<string, KnownFile>();
  const byRelease = new Map<string, KnownLibrary>();
  for (const r of rows) {
    const key = `${r.edition}\0${r.version}\0${r.kind}`;
    let lib = byRelease.get(key);
    if (!lib) {
      lib = { library: EDITION_NAMES[r.edition] ?? r.edition, version: r.version, official: true, files: [] };
      byRelease.set(key, lib);
    }
    const fileKey = `${r.path}\0${r.known}`;
    let file = shared.get(fileKey);
    if (!file) {
      file = { path: r.path, sha256: r.known, ...(r.lines ? { lines: r.lines } : {}) };
      shared.set(fileKey, file);
    }
    lib.files.push(file);
  }
  return [...byRelease.values()];
}

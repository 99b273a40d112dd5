import 'server-only';
import { count, eq, isNotNull, max } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { domainFileLines, domainFileTexts, domainReleaseFiles, domainReleaseIndex } from '../../db/schema';
import type { KnownLibrary } from '../../market/validate/known-files';
import { ensureReleasesIndexed } from './index-release';
import { type OfficialFiles, officialFiles, versionsByFile } from './official-files';
import { officialLibraries } from './official-known';

/** Which versions ship each official static file, from every published release package (reading any not read yet). */
export async function loadOfficialVersions(): Promise<OfficialFiles['byPath']> {
  await ensureReleasesIndexed();
  const db = await getDb();
  const rows = await db
    .select({
      edition: domainReleaseFiles.edition,
      kind: domainReleaseFiles.kind,
      version: domainReleaseFiles.version,
      path: domainReleaseFiles.site,
      sha256: domainReleaseFiles.sha256,
    })
    .from(domainReleaseFiles)
    .where(isNotNull(domainReleaseFiles.site));
  return versionsByFile(rows.map((r) => ({ ...r, path: r.path!, sha256: r.sha256! })));
}

/** The text of an official file, by hash. */
export async function officialText(sha256: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ text: domainFileTexts.text })
    .from(domainFileTexts)
    .where(eq(domainFileTexts.sha256, sha256));
  return row?.text ?? null;
}

/** The official files derived from every published release package (reading any not read yet). */
export const loadOfficialFiles = async (): Promise<OfficialFiles> =>
  officialFiles(await loadOfficialVersions(), officialText);

/**
 * Which releases the index holds, as a key that changes when one is read or removed (null when
 * none is): the package scan's thread keeps the official files until it changes. Releases not read
 * yet are read meanwhile, not waited for: reading every package after an upgrade takes longer than
 * an upload may wait, and until then the scan only trusts less.
 */
export async function officialIndexKey(): Promise<string | null> {
  void ensureReleasesIndexed().catch(() => undefined);
  const db = await getDb();
  const [row] = await db
    .select({ releases: count(), last: max(domainReleaseIndex.indexedAt) })
    .from(domainReleaseIndex);
  return row?.releases ? `${row.releases}:${row.last?.toISOString() ?? ''}` : null;
}

/** Every file of every release read so far (officialIndexKey), as the package scan's provenance step reads them. */
export async function loadOfficialLibraries(): Promise<KnownLibrary[]> {
  const db = await getDb();
  const [rows, lines] = await Promise.all([
    db
      .select({
        edition: domainReleaseFiles.edition,
        kind: domainReleaseFiles.kind,
        version: domainReleaseFiles.version,
        path: domainReleaseFiles.path,
        known: domainReleaseFiles.known,
      })
      .from(domainReleaseFiles),
    db.select().from(domainFileLines),
  ]);
  const byKnown = new Map(lines.map((l) => [l.known, l.lines]));
  return officialLibraries(rows.map((r) => ({ ...r, lines: byKnown.get(r.known) })));
}

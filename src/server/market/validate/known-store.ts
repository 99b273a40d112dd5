import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { publicChanged } from '../../cache/public-changed';
import { getDb } from '../../db/client';
import { knownFiles, knownReleases } from '../../db/schema';
import type { KnownLibrary, KnownStore } from './known-files';

/**
 * The index of known library releases, in the database (tables `market_known_releases` and
 * `market_known_files`): every node reads the same. The scan's thread keeps it built for look-ups
 * (check-thread.ts) until a change to it (`known`) reaches this process through the change bus.
 */

/** Rows per insert: a release of a few thousand files goes in a few statements. */
const BATCH = 500;

export type KnownRelease = { id: number; library: string; version: string; files: number; createdAt: Date };

/** Records a release (replacing the same library and version) in one transaction, then tells every node. */
export async function saveKnownRelease(lib: KnownLibrary, importedBy: number | null = null) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await tx
      .delete(knownReleases)
      .where(and(eq(knownReleases.library, lib.library), eq(knownReleases.version, lib.version)));
    const [release] = await tx
      .insert(knownReleases)
      .values({ library: lib.library, version: lib.version, files: lib.files.length, importedBy })
      .returning({ id: knownReleases.id });
    for (let at = 0; at < lib.files.length; at += BATCH) {
      await tx.insert(knownFiles).values(
        lib.files.slice(at, at + BATCH).map((f) => ({
          releaseId: release!.id,
          path: f.path,
          sha256: f.sha256,
          lines: f.lines ?? null,
        })),
      );
    }
    return release!;
  });
  await publicChanged(['known']);
  return { id: row.id, files: lib.files.length };
}

/** Removes a release and its files; false when there was none of that id. */
export async function removeKnownRelease(id: number): Promise<boolean> {
  const db = await getDb();
  const gone = await db
    .delete(knownReleases)
    .where(eq(knownReleases.id, id))
    .returning({ id: knownReleases.id });
  if (gone.length === 0) return false;
  await publicChanged(['known']);
  return true;
}

/** The imported releases with their file counts, by library then version. */
export async function listKnownReleases(): Promise<KnownRelease[]> {
  const db = await getDb();
  return db
    .select({
      id: knownReleases.id,
      library: knownReleases.library,
      version: knownReleases.version,
      files: knownReleases.files,
      createdAt: knownReleases.createdAt,
    })
    .from(knownReleases)
    .orderBy(asc(knownReleases.library), asc(knownReleases.version), asc(knownReleases.id));
}

/** Every release with its files' hashes: what the scan's thread builds its index from. */
export async function readKnownStore(): Promise<KnownStore> {
  const db = await getDb();
  const releases = await listKnownReleases();
  const rows = await db
    .select({
      releaseId: knownFiles.releaseId,
      path: knownFiles.path,
      sha256: knownFiles.sha256,
      lines: knownFiles.lines,
    })
    .from(knownFiles)
    .orderBy(asc(knownFiles.releaseId), asc(knownFiles.path));
  const byId = new Map<number, KnownLibrary>(
    releases.map((r) => [r.id, { library: r.library, version: r.version, files: [] }]),
  );
  for (const row of rows) {
    byId.get(row.releaseId)?.files.push({
      path: row.path,
      sha256: row.sha256,
      ...(row.lines !== null ? { lines: row.lines } : {}),
    });
  }
  return { libraries: [...byId.values()] };
}

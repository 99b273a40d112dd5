import 'server-only';
import { unixTime } from '@/contract/format';
import type { KnownReleasesOutput } from '@/contract/review';
import { invalid } from '../../errors';
import { ArchiveError, readReleaseArchive } from './known-archive';
import { knownLibrary } from './known-files';
import { listKnownReleases, removeKnownRelease, saveKnownRelease } from './known-store';

/**
 * Reads a library release archive (zip or tar.gz) and records its files' hashes, replacing the same
 * library and version. Nothing is written unless the whole archive reads: a damaged or foreign file
 * is refused (`market.review.known.err.archive`) before the database is touched.
 */
export async function importKnownRelease(args: {
  library: string;
  version: string;
  bytes: Uint8Array;
  importedBy?: number | null;
}) {
  let entries: ReturnType<typeof readReleaseArchive>;
  try {
    entries = readReleaseArchive(args.bytes);
  } catch (error) {
    if (error instanceof ArchiveError) throw invalid('market.review.known.err.archive');
    throw error;
  }
  const lib = knownLibrary(args.library, args.version, entries);
  if (lib.files.length === 0) throw invalid('market.review.known.err.archive');
  return saveKnownRelease(lib, args.importedBy ?? null);
}

/** The admin page's list: every imported release with its file count. */
export async function knownReleasesView(): Promise<KnownReleasesOutput> {
  const rows = await listKnownReleases();
  return {
    list: rows.map((r) => ({
      id: r.id,
      library: r.library,
      version: r.version,
      files: r.files,
      create_time: unixTime(r.createdAt),
    })),
  };
}

/** Removes an imported release; an id that names none is refused. */
export async function forgetKnownRelease(id: number) {
  if (!(await removeKnownRelease(id))) throw invalid('market.review.known.err.missing');
}

import 'server-only';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { KNOWN_NAME } from '@/contract/review';
import { ArchiveError, readReleaseArchive } from './known-archive';
import { knownLibrary } from './known-files';
import { listKnownReleases, saveKnownRelease } from './known-store';

export const KNOWN_ADD_USAGE =
  'usage: npm run known:add -- --library <name> --version <version> --file <release.zip|release.tar.gz>';

type Output = { log: (line: string) => void; error: (line: string) => void };

/**
 * `npm run known:add`: records every file of a library release (its official zip or tar.gz, as
 * published) in the package scan's index of known releases, in the portal's database: hashes only,
 * per library and version, replacing the same library and version. The admin page
 * (/admin/knownReleases) does the same from a browser. Answers the exit code: 0 recorded, 1 the file
 * is missing or not a readable archive, 2 usage.
 */
export async function runKnownAdd(argv: string[], out: Output = console): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: {
        library: { type: 'string' },
        version: { type: 'string' },
        file: { type: 'string' },
      },
    }).values;
  } catch (error) {
    out.error(`${KNOWN_ADD_USAGE}\n  ${(error as Error).message}`);
    return 2;
  }
  const { library, version, file } = values;
  if (!library || !version || !file || !KNOWN_NAME.test(library) || !KNOWN_NAME.test(version)) {
    out.error(KNOWN_ADD_USAGE);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(fs.readFileSync(file));
  } catch (error) {
    out.error(`${file}: ${(error as Error).message}`);
    return 1;
  }
  let entries: ReturnType<typeof readReleaseArchive>;
  try {
    entries = readReleaseArchive(bytes);
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    out.error(`${file}: not a readable release archive, zip or tar.gz (${error.message})`);
    return 1;
  }
  const lib = knownLibrary(library, version, entries);
  await saveKnownRelease(lib);
  const known = await listKnownReleases();
  out.log(`${library} ${version}: ${lib.files.length} files recorded (${known.length} releases known)`);
  return 0;
}

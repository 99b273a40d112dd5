import 'server-only';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { listEntries, readEntry } from '../zip/read-zip';
import { knownLibrary } from './known-files';
import { knownStorePath, saveKnownRelease } from './known-store';

export const KNOWN_ADD_USAGE =
  'usage: npm run known:add -- --library <name> --version <version> --file <release.zip> [--index <file>]';

type Output = { log: (line: string) => void; error: (line: string) => void };
/** Entries read from one release archive: real releases (TCPDF, Composer) hold a few thousand. */
const MAX_ENTRIES = 50_000;
const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._/@+-]{0,99}$/;

/**
 * `npm run known:add`: records every file of a library release (its official zip, as published) in
 * the package scan's index of known releases: hashes only, per library and version. Answers the
 * exit code: 0 recorded, 1 the file is missing or not a readable zip, 2 usage.
 */
export function runKnownAdd(argv: string[], out: Output = console): number {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: {
        library: { type: 'string' },
        version: { type: 'string' },
        file: { type: 'string' },
        index: { type: 'string' },
      },
    }).values;
  } catch (error) {
    out.error(`${KNOWN_ADD_USAGE}\n  ${(error as Error).message}`);
    return 2;
  }
  const { library, version, file } = values;
  if (!library || !version || !file || !NAME.test(library) || !NAME.test(version)) {
    out.error(KNOWN_ADD_USAGE);
    return 2;
  }
  let entries: { path: string; bytes: Uint8Array }[];
  try {
    const zip = new Uint8Array(fs.readFileSync(file));
    entries = listEntries(zip, MAX_ENTRIES)
      .filter((e) => !e.directory && !e.symlink)
      .map((e) => ({ path: e.name, bytes: readEntry(zip, e) }));
  } catch (error) {
    out.error(`${file}: not a readable zip (${(error as Error).message})`);
    return 1;
  }
  const lib = knownLibrary(library, version, entries);
  const index = values.index ?? knownStorePath();
  const store = saveKnownRelease(lib, index);
  out.log(
    `${library} ${version}: ${lib.files.length} files recorded in ${index} (${store.libraries.length} releases known)`,
  );
  return 0;
}

import 'server-only';
import { crc32 } from './crc32';
import { InflateError, inflateCapped } from './inflate';
import { checkLayout, readDirectory } from './structure';
import { type ZipEntry, ZipError } from './types';

export { type ZipEntry, ZipError, type ZipErrorCode } from './types';

/**
 * Lists a zip's entries from its central directory, after checking that the directory and every
 * local header tell the same story (names, sizes, methods) and that entries neither overlap nor
 * leave bytes between them: any other reader (the CMS's ZipArchive) then sees exactly these files.
 * Our own reader (fflate only inflates), so that nothing is decompressed before this is known.
 * ZIP64 and split archives are refused: no plugin needs 4 GB or 65,535 files.
 */
export function listEntries(zip: Uint8Array, maxEntries: number): ZipEntry[] {
  const { entries, directory } = readDirectory(zip, maxEntries);
  checkLayout(zip, entries, directory);
  return entries;
}

/**
 * Decompresses one entry, refusing it as soon as it grows past its declared size (the declared size
 * is what the bomb limits were checked against), and checks its size and CRC-32 at the end.
 */
export function readEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  if (entry.encrypted) throw new ZipError('method', entry.name);
  const raw = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let out: Uint8Array;
  if (entry.method === 0) out = raw;
  else if (entry.method === 8) {
    try {
      out = inflateCapped(raw, entry.size);
    } catch (error) {
      const lied = error instanceof InflateError && error.message === 'tooLarge';
      throw new ZipError(lied ? 'sizeMismatch' : 'badEntry', entry.name);
    }
  } else throw new ZipError('method', entry.name);
  if (out.length !== entry.size) throw new ZipError('sizeMismatch', entry.name);
  if (crc32(out) !== entry.crc) throw new ZipError('crc', entry.name);
  return out;
}

import 'server-only';
import { Inflate } from 'fflate';
import { crc32 } from './crc32';

export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  offset: number;
  encrypted: boolean;
  symlink: boolean;
  directory: boolean;
};

export class ZipError extends Error {}

const u16 = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, o: number) => (u16(b, o) | (u16(b, o + 2) << 16)) >>> 0;
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Lists a zip's entries from its central directory. Our own reader (fflate only inflates) so that
 * declared sizes, encryption and symlinks are visible before anything is decompressed.
 */
export function listEntries(zip: Uint8Array, maxEntries: number): ZipEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (u32(zip, i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('noDirectory');
  const count = u16(zip, eocd + 10);
  const dirOffset = u32(zip, eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) throw new ZipError('zip64');
  if (count > maxEntries) throw new ZipError('tooManyEntries');
  const entries: ZipEntry[] = [];
  let p = dirOffset;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (let i = 0; i < count; i++) {
    if (p + 46 > zip.length || u32(zip, p) !== CENTRAL) throw new ZipError('badDirectory');
    const flags = u16(zip, p + 8);
    const nameLen = u16(zip, p + 28);
    const extraLen = u16(zip, p + 30);
    const commentLen = u16(zip, p + 32);
    const hostOs = (zip[p + 5] ?? 0) & 0xff;
    const mode = u32(zip, p + 38) >>> 16;
    const name = decoder.decode(zip.subarray(p + 46, p + 46 + nameLen));
    entries.push({
      name,
      method: u16(zip, p + 10),
      crc: u32(zip, p + 16),
      compressedSize: u32(zip, p + 20),
      size: u32(zip, p + 24),
      offset: u32(zip, p + 42),
      encrypted: (flags & 1) === 1,
      symlink: hostOs === 3 && (mode & 0o170000) === 0o120000,
      directory: name.endsWith('/'),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Decompresses one entry, stopping as soon as it grows past its declared size; checks its CRC. */
export function readEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const o = entry.offset;
  if (o + 30 > zip.length || u32(zip, o) !== LOCAL) throw new ZipError('badEntry');
  const start = o + 30 + u16(zip, o + 26) + u16(zip, o + 28);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw new ZipError('badEntry');
  const raw = zip.subarray(start, end);
  let out: Uint8Array;
  if (entry.method === 0) out = raw;
  else if (entry.method === 8) out = inflateCapped(raw, entry.size);
  else throw new ZipError('method');
  if (out.length !== entry.size || crc32(out) !== entry.crc) throw new ZipError('badEntry');
  return out;
}

function inflateCapped(raw: Uint8Array, declared: number): Uint8Array {
  const out = new Uint8Array(declared);
  let size = 0;
  const inflater = new Inflate((chunk) => {
    if (size + chunk.length > declared) throw new ZipError('sizeMismatch');
    out.set(chunk, size);
    size += chunk.length;
  });
  try {
    inflater.push(raw, true);
  } catch (error) {
    throw error instanceof ZipError ? error : new ZipError('badEntry');
  }
  return out.subarray(0, size);
}

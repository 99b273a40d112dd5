import 'server-only';
import { crc32 } from './crc32';
import { type ZipEntry, ZipError } from './types';

const u16 = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, o: number) => (u16(b, o) | (u16(b, o + 2) << 16)) >>> 0;
const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const ZIP64_EXTRA = 0x0001;
const UNICODE_PATH_EXTRA = 0x7075;
const DATA_DESCRIPTOR_FLAG = 8;
/**
 * How far from the end a reader looks for the end record: the record, the longest comment, and the
 * ZIP64 locator libzip reads with it. Whatever holds an end signature in there (a comment, a file's
 * data, a name) is a second end record some reader may take instead of ours.
 */
const TAIL = 22 + 0xffff + 20;

/**
 * Two names one file system may take for one file: letter case (Windows, macOS) and Unicode form
 * (macOS stores NFD) are ignored by some, so one file would overwrite the other, unscanned.
 */
const sameFileKey = (name: string) =>
  name.replace(/\/+$/, '').normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');

/** Entries of the central directory, with the end record's own consistency checked. */
export function readDirectory(
  zip: Uint8Array,
  maxEntries: number,
): { entries: ZipEntry[]; directory: number } {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (u32(zip, i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('noDirectory');
  for (let i = Math.max(0, zip.length - TAIL); i + 4 <= zip.length; i++)
    if (i !== eocd && u32(zip, i) === EOCD) throw new ZipError('endRecords');
  if (eocd + 22 + u16(zip, eocd + 20) !== zip.length) throw new ZipError('hiddenData');
  const count = u16(zip, eocd + 10);
  const dirSize = u32(zip, eocd + 12);
  const dirOffset = u32(zip, eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff || (eocd >= 20 && u32(zip, eocd - 20) === ZIP64_LOCATOR))
    throw new ZipError('zip64');
  if (u16(zip, eocd + 4) !== 0 || u16(zip, eocd + 6) !== 0 || u16(zip, eocd + 8) !== count)
    throw new ZipError('multiDisk');
  if (dirOffset + dirSize !== eocd) throw new ZipError('badDirectory');
  if (count > maxEntries) throw new ZipError('tooManyEntries');
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  const twins = new Map<string, string>();
  // Names must be UTF-8 (libzip reads other bytes as code page 437, a name we would not have read),
  // read as they are: a leading byte-order mark stays part of the name.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let p = dirOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || u32(zip, p) !== CENTRAL) throw new ZipError('badDirectory');
    const nameLen = u16(zip, p + 28);
    const extraLen = u16(zip, p + 30);
    const nameBytes = zip.subarray(p + 46, p + 46 + nameLen);
    let name: string;
    try {
      name = decoder.decode(nameBytes);
    } catch {
      throw new ZipError('nameEncoding', new TextDecoder().decode(nameBytes));
    }
    const compressedSize = u32(zip, p + 20);
    const size = u32(zip, p + 24);
    const offset = u32(zip, p + 42);
    if (compressedSize === 0xffffffff || size === 0xffffffff || offset === 0xffffffff)
      throw new ZipError('zip64');
    if (u16(zip, p + 34) !== 0) throw new ZipError('multiDisk');
    checkExtra(zip.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen), nameBytes, name);
    if (names.has(name)) throw new ZipError('duplicate', name);
    names.add(name);
    const twin = twins.get(sameFileKey(name));
    if (twin !== undefined) throw new ZipError('twin', name, twin);
    twins.set(sameFileKey(name), name);
    const mode = u32(zip, p + 38) >>> 16;
    entries.push({
      name,
      method: u16(zip, p + 10),
      crc: u32(zip, p + 16),
      version: u16(zip, p + 6),
      flags: u16(zip, p + 8),
      time: u16(zip, p + 12),
      date: u16(zip, p + 14),
      compressedSize,
      size,
      offset,
      dataStart: 0,
      end: 0,
      encrypted: (u16(zip, p + 8) & 1) === 1,
      symlink: (zip[p + 5] ?? 0) === 3 && (mode & 0o170000) === 0o120000,
      directory: name.endsWith('/'),
    });
    p += 46 + nameLen + extraLen + u16(zip, p + 32);
    if (p > eocd) throw new ZipError('badDirectory');
  }
  if (p !== eocd) throw new ZipError('badDirectory');
  return { entries, directory: dirOffset };
}

/**
 * Reads each local header: it must name the same file with the same version, flags, method, time,
 * date, CRC and sizes as the directory (readers that walk local headers, or trust them, would
 * otherwise extract something else; only extra fields may differ, and the rebuild drops them),
 * and the entries must follow one another with no overlap and no bytes in between.
 */
export function checkLayout(zip: Uint8Array, entries: ZipEntry[], directory: number): void {
  for (const e of entries) localHeader(zip, e, directory);
  const sorted = [...entries].sort((a, b) => a.offset - b.offset);
  let at = 0;
  for (const e of sorted) {
    if (e.offset < at) throw new ZipError('overlap', e.name);
    if (e.offset > at) throw new ZipError('hiddenData', e.name);
    at = e.end;
  }
  if (at !== directory) throw new ZipError('hiddenData');
}

function localHeader(zip: Uint8Array, e: ZipEntry, limit: number): void {
  const o = e.offset;
  if (o + 30 > zip.length || u32(zip, o) !== LOCAL) throw new ZipError('badEntry', e.name);
  const flags = u16(zip, o + 6);
  const nameLen = u16(zip, o + 26);
  const extraLen = u16(zip, o + 28);
  const nameBytes = zip.subarray(o + 30, o + 30 + nameLen);
  // Byte for byte: the directory's name is UTF-8, so encoding it again gives its bytes back.
  if (Buffer.compare(nameBytes, new TextEncoder().encode(e.name)) !== 0)
    throw new ZipError('nameMismatch', e.name);
  checkExtra(zip.subarray(o + 30 + nameLen, o + 30 + nameLen + extraLen), nameBytes, e.name);
  if (
    u16(zip, o + 4) !== e.version ||
    flags !== e.flags ||
    u16(zip, o + 8) !== e.method ||
    u16(zip, o + 10) !== e.time ||
    u16(zip, o + 12) !== e.date
  )
    throw new ZipError('headerMismatch', e.name);
  const streamed = (flags & DATA_DESCRIPTOR_FLAG) !== 0;
  const local = [u32(zip, o + 14), u32(zip, o + 18), u32(zip, o + 22)];
  const central = [e.crc, e.compressedSize, e.size];
  const zeroed = local.every((v) => v === 0);
  if (!(streamed && zeroed) && local.some((v, i) => v !== central[i]))
    throw new ZipError('sizeMismatch', e.name);
  e.dataStart = o + 30 + nameLen + extraLen;
  let end = e.dataStart + e.compressedSize;
  if (streamed) {
    // The data descriptor after the data repeats CRC and sizes, with or without its signature.
    const signed = u32(zip, end) === DESCRIPTOR && u32(zip, end + 4) === e.crc;
    const start = signed ? end + 4 : end;
    if (
      u32(zip, start) !== e.crc ||
      u32(zip, start + 4) !== e.compressedSize ||
      u32(zip, start + 8) !== e.size
    )
      throw new ZipError('sizeMismatch', e.name);
    end = start + 12;
  }
  if (end > limit) throw new ZipError('overlap', e.name);
  e.end = end;
}

/** Extra fields: ZIP64 sizes are refused; a Unicode path must be the header's own name. */
function checkExtra(extra: Uint8Array, nameBytes: Uint8Array, name: string): void {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = u16(extra, p);
    const len = u16(extra, p + 2);
    if (id === ZIP64_EXTRA) throw new ZipError('zip64', name);
    if (id === UNICODE_PATH_EXTRA) {
      const data = extra.subarray(p + 4, p + 4 + len);
      const unicode = new TextDecoder('utf-8', { fatal: false }).decode(data.subarray(5));
      if (u32(data, 1) !== crc32(nameBytes) || unicode !== name) throw new ZipError('nameMismatch', name);
    }
    p += 4 + len;
  }
}

import 'server-only';
import { type ZipEntry, ZipError } from './read-zip';

/** What the rebuild needs of an entry already checked by the reader (listEntries). */
export type SourceEntry = Pick<
  ZipEntry,
  'name' | 'method' | 'crc' | 'compressedSize' | 'size' | 'time' | 'date' | 'dataStart' | 'directory'
>;

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const UTF8_NAMES = 0x0800;
const MSDOS_DIRECTORY = 0x10;

/**
 * Writes a new zip holding `entries` under new names (`rename` returns '' to leave one out). The
 * compressed data is copied as it is, so a repack neither inflates nor deflates: it costs one copy
 * of the bytes, keeps every file's content, time and CRC, and drops data descriptors, extra fields
 * and comments. Every package is served so rebuilt: nothing of the upload but the files the scan
 * read (one header each, written the same way twice) reaches another reader.
 */
export function rebuildZip(
  zip: Uint8Array,
  entries: SourceEntry[],
  rename: (name: string) => string,
): Uint8Array {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = rename(entry.name);
    if (!name) continue;
    const start = entry.dataStart;
    if (start < 30) throw new ZipError('badEntry', entry.name);
    const data = entry.directory ? new Uint8Array(0) : zip.subarray(start, start + entry.compressedSize);
    if (data.length !== (entry.directory ? 0 : entry.compressedSize)) throw new ZipError('badEntry');
    const nameBytes = encoder.encode(name);
    const fields = {
      method: entry.directory ? 0 : entry.method,
      time: entry.time,
      date: entry.date,
      crc: entry.directory ? 0 : entry.crc,
      compressed: data.length,
      size: entry.directory ? 0 : entry.size,
    };

    const local = new Uint8Array(30 + nameBytes.length + data.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, LOCAL, true);
    l.setUint16(4, 20, true);
    writeCommon(l, 6, fields);
    l.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    local.set(data, 30 + nameBytes.length);

    const central = new Uint8Array(46 + nameBytes.length);
    const c = new DataView(central.buffer);
    c.setUint32(0, CENTRAL, true);
    c.setUint16(4, 20, true); // made by MS-DOS: no Unix modes, the extractor's defaults apply
    c.setUint16(6, 20, true);
    writeCommon(c, 8, fields);
    c.setUint16(28, nameBytes.length, true);
    c.setUint32(38, entry.directory ? MSDOS_DIRECTORY : 0, true);
    c.setUint32(42, offset, true);
    central.set(nameBytes, 46);

    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directorySize = centrals.reduce((sum, c) => sum + c.length, 0);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, END, true);
  e.setUint16(8, centrals.length, true);
  e.setUint16(10, centrals.length, true);
  e.setUint32(12, directorySize, true);
  e.setUint32(16, offset, true);

  const out = new Uint8Array(offset + directorySize + end.length);
  let p = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, p);
    p += part.length;
  }
  return out;
}

/** Flags through sizes: the same 20 bytes in a local header (at 6) and a central one (at 8). */
function writeCommon(
  view: DataView,
  at: number,
  f: { method: number; time: number; date: number; crc: number; compressed: number; size: number },
) {
  view.setUint16(at, UTF8_NAMES, true);
  view.setUint16(at + 2, f.method, true);
  view.setUint16(at + 4, f.time, true);
  view.setUint16(at + 6, f.date, true);
  view.setUint32(at + 8, f.crc, true);
  view.setUint32(at + 12, f.compressed, true);
  view.setUint32(at + 16, f.size, true);
}

import 'server-only';
import { gunzipSync } from 'node:zlib';
import { listEntries, readEntry } from '../zip/read-zip';

/** Entries read from one release archive: real releases (TCPDF, Composer) hold a few thousand. */
const MAX_ENTRIES = 50_000;
/** Bytes of all files of one release together: the largest libraries plugins bundle are far below. */
const MAX_BYTES = 400_000_000;

/** A release archive that cannot be read (not a zip or tar.gz, damaged, or past the limits). */
export class ArchiveError extends Error {}

export type ReleaseEntry = { path: string; bytes: Uint8Array };

/**
 * The files of a library release as published: its zip, or its tar.gz (what GitHub and most
 * projects offer beside it). Directories and links are left out. Throws ArchiveError when the
 * bytes are neither, or are damaged.
 */
export function readReleaseArchive(bytes: Uint8Array): ReleaseEntry[] {
  const entries = bytes[0] === 0x1f && bytes[1] === 0x8b ? readTarGz(bytes) : readZip(bytes);
  if (entries.length === 0) throw new ArchiveError('no files');
  return entries;
}

function readZip(bytes: Uint8Array): ReleaseEntry[] {
  try {
    const entries = listEntries(bytes, MAX_ENTRIES).filter((e) => !e.directory && !e.symlink);
    let total = 0;
    return entries.map((e) => {
      total += e.size;
      if (total > MAX_BYTES) throw new ArchiveError('too large');
      return { path: e.name, bytes: readEntry(bytes, e) };
    });
  } catch (error) {
    throw error instanceof ArchiveError ? error : new ArchiveError((error as Error).message);
  }
}

const BLOCK = 512;

function readTarGz(gz: Uint8Array): ReleaseEntry[] {
  let tar: Buffer;
  try {
    tar = gunzipSync(gz, { maxOutputLength: MAX_BYTES });
  } catch (error) {
    throw new ArchiveError((error as Error).message);
  }
  const out: ReleaseEntry[] = [];
  let longName: string | undefined;
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const head = tar.subarray(at, at + BLOCK);
    if (head.every((b) => b === 0)) break;
    if (!checksumOk(head)) throw new ArchiveError(`damaged tar header at ${at}`);
    const size = octal(head.subarray(124, 136));
    const type = String.fromCharCode(head[156] ?? 0);
    const start = at + BLOCK;
    if (size < 0 || start + size > tar.length) throw new ArchiveError(`truncated tar entry at ${at}`);
    const data = tar.subarray(start, start + size);
    at = start + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'L') {
      longName = text(data);
      continue;
    }
    if (type === 'x') {
      longName = paxPath(data) ?? longName;
      continue;
    }
    const prefix = text(head.subarray(345, 500));
    const name =
      longName ??
      (prefix && text(head.subarray(257, 262)) === 'ustar' ? `${prefix}/` : '') + text(head.subarray(0, 100));
    longName = undefined;
    // Regular files only ('0', or NUL in old archives); directories, links and globals are not files.
    if (type !== '0' && type !== '\0' && type !== '7') continue;
    if (out.length >= MAX_ENTRIES) throw new ArchiveError('too many entries');
    out.push({ path: name.replace(/^\.\//, ''), bytes: new Uint8Array(data) });
  }
  return out;
}

const text = (bytes: Uint8Array) => {
  const end = bytes.indexOf(0);
  return Buffer.from(end < 0 ? bytes : bytes.subarray(0, end)).toString('utf8');
};

/** A tar number: octal text, or (GNU, for large sizes) base-256 with the top bit set. */
function octal(field: Uint8Array): number {
  if ((field[0] ?? 0) & 0x80) {
    let n = 0;
    for (let i = 1; i < field.length; i++) n = n * 256 + (field[i] ?? 0);
    return n;
  }
  const s = text(field).trim();
  if (!/^[0-7]*$/.test(s)) return -1;
  return s ? Number.parseInt(s, 8) : 0;
}

function checksumOk(head: Uint8Array): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (head[i] ?? 0);
  return sum === octal(head.subarray(148, 156));
}

/** The `path` record of a pax header (`<length> path=<name>\n`…), if it has one. */
function paxPath(data: Uint8Array): string | undefined {
  const records = Buffer.from(data).toString('utf8');
  for (const m of records.matchAll(/\d+ ([^=\n]+)=([^\n]*)\n/g)) if (m[1] === 'path') return m[2];
  return undefined;
}

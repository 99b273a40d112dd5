import 'server-only';
import { createHash } from 'node:crypto';
import type { Kind } from '@/contract/market';
import { PACKAGE_MAX_BYTES } from '@/contract/market';
import type { ValidationReport } from '../../db/schema';
import { listEntries, readEntry, type ZipEntry, ZipError } from '../zip/read-zip';
import { rebuildZip } from '../zip/rebuild';
import { packageInfo } from './info-ini';
import type { KnownIndex } from './known-files';
import { findLayout, LITTER } from './layout';
import { scanEntries, zipFailure } from './scan-package';

export const ZIP_LIMITS = {
  entries: 2_000,
  uncompressed: 100_000_000,
  /** Overall and per-entry compression ratio above which a zip is treated as a bomb. */
  ratio: 100,
  /**
   * What all entries compressed past `ratio` may unpack to together: one such entry is a bomb only
   * past 1 MB, but hundreds just under it would fill the unpacked-size limit from a tiny upload.
   */
  denseTotal: 10_000_000,
  scanBytes: 2_000_000,
};

type Check = ValidationReport['checks'][number];

/** A checked package: its report and the bytes to store and serve (repacked to the root layout). */
export type CheckedPackage = { report: ValidationReport; bytes: Uint8Array };

/** The report alone (see checkPackage). */
export const validatePackage = (
  bytes: Uint8Array,
  fileName: string,
  kind: Kind,
  known?: KnownIndex,
): ValidationReport => checkPackage(bytes, fileName, kind, known).report;

/**
 * Everything a package must pass before it is stored; `fail` checks refuse the upload, `hold` ones hold
 * the item for a reviewer. Every package is rebuilt from the entries read (a package zipped as one
 * folder also to the layout the CMS installs), and the rebuilt bytes are what is scanned, hashed,
 * stored and served.
 */
export function checkPackage(
  original: Uint8Array,
  fileName: string,
  kind: Kind,
  known?: KnownIndex,
): CheckedPackage {
  const report: ValidationReport = {
    ok: false,
    held: false,
    file_name: fileName,
    size: original.length,
    folder: '',
    entries: 0,
    uncompressed: 0,
    checks: [],
  };
  const fail = (key: string, params?: Check['params']) => {
    report.checks.push({ level: 'fail', key, params });
    return { report, bytes: original };
  };
  // A zip starts with a file (PK 3 4), or, when empty, with its end record (PK 5 6).
  const magic = original[0] === 0x50 && original[1] === 0x4b && original[3] === original[2]! + 1;
  if (!/\.zip$/i.test(fileName) || !magic || (original[2] !== 3 && original[2] !== 5)) return fail('notZip');
  if (original.length > PACKAGE_MAX_BYTES) return fail('tooBig', { max: PACKAGE_MAX_BYTES });
  let entries: ZipEntry[];
  try {
    entries = listEntries(original, ZIP_LIMITS.entries);
  } catch (error) {
    if (error instanceof ZipError && error.message === 'tooManyEntries')
      return fail('tooManyEntries', { max: ZIP_LIMITS.entries });
    const refused = zipFailure(error);
    return fail(refused.key, refused.params);
  }
  const files = entries.filter((e) => !LITTER.test(e.name));
  report.entries = files.filter((e) => !e.directory).length;
  report.uncompressed = files.reduce((sum, e) => sum + e.size, 0);
  if (report.entries === 0) return fail('empty');

  const unsafe = files.find((e) => !isSafePath(e.name));
  if (unsafe) return fail('unsafePath', { file: unsafe.name.slice(0, 120) });
  const link = files.find((e) => e.symlink);
  if (link) return fail('symlink', { file: link.name });
  if (files.some((e) => e.encrypted)) return fail('encrypted');
  if (files.some((e) => e.method !== 0 && e.method !== 8)) return fail('method');
  if (report.uncompressed > ZIP_LIMITS.uncompressed)
    return fail('tooLarge', { max: ZIP_LIMITS.uncompressed });
  const bomb = files.find((e) => e.size > 1_000_000 && e.size > e.compressedSize * ZIP_LIMITS.ratio);
  if (bomb || report.uncompressed > Math.max(original.length, 1_000_000) * ZIP_LIMITS.ratio)
    return fail('ratio', { max: ZIP_LIMITS.ratio });
  const dense = files.filter((e) => e.size > e.compressedSize * ZIP_LIMITS.ratio);
  if (dense.reduce((sum, e) => sum + e.size, 0) > ZIP_LIMITS.denseTotal)
    return fail('denseTotal', { max: ZIP_LIMITS.denseTotal / 1_000_000, ratio: ZIP_LIMITS.ratio });
  report.checks.push({ level: 'pass', key: 'zipOk', params: { entries: report.entries } });

  const layout = findLayout(files, kind, fileName, (name) => textOf(original, files, name));
  if (!layout.ok) return fail(layout.key, layout.params);
  report.folder = layout.dir;
  report.info = packageInfo(kind, textOf(original, files, `${layout.strip}info.ini`));

  // Always rebuilt, even when nothing is renamed: what is stored and served holds the entries the
  // scan reads and nothing else (no comment, extra field or second end record another reader may take).
  let bytes: Uint8Array;
  let final: ZipEntry[];
  try {
    bytes = rebuildZip(original, entries, (name) =>
      LITTER.test(name) || !name.startsWith(layout.strip) ? '' : name.slice(layout.strip.length),
    );
    final = listEntries(bytes, ZIP_LIMITS.entries);
  } catch (error) {
    const refused = zipFailure(error);
    return fail(refused.key, refused.params);
  }
  if (layout.strip)
    report.checks.push({ level: 'warn', key: 'repacked', params: { folder: layout.strip.slice(0, -1) } });
  report.checks.push({
    level: 'pass',
    key: kind === 'plugin' ? 'pluginOk' : 'themeOk',
    params: { folder: layout.dir, main: layout.main },
  });

  // What is served is scanned: every entry of the final zip (litter is dropped by the repack).
  const scanned = scanEntries(bytes, final, ZIP_LIMITS, known);
  if (scanned.fail) return fail(scanned.fail.key, scanned.fail.params);
  report.checks.push(...scanned.checks);
  report.held = report.checks.some((c) => c.level === 'hold');
  if (!report.held) report.checks.push({ level: 'pass', key: 'scanOk' });
  report.ok = true;
  report.layout = 'root';
  report.reading = 'one';
  report.size = bytes.length;
  report.sha256 = createHash('sha256').update(bytes).digest('hex');
  return { report, bytes };
}

/** A small text file of the package (info.ini), or '' when it cannot be read. */
function textOf(zip: Uint8Array, entries: ZipEntry[], name: string): string {
  const entry = entries.find((e) => e.name === name);
  if (!entry || entry.size > 64_000) return '';
  try {
    return new TextDecoder().decode(readEntry(zip, entry));
  } catch {
    return '';
  }
}

function isSafePath(name: string): boolean {
  if (!name || name.includes('\\') || name.includes('\0') || name.startsWith('/') || /^[A-Za-z]:/.test(name))
    return false;
  return !name.split('/').some((part) => part === '..' || part === '.');
}

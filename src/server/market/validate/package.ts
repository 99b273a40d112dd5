import 'server-only';
import type { Kind } from '@/contract/market';
import { PACKAGE_MAX_BYTES } from '@/contract/market';
import type { ValidationReport } from '../../db/schema';
import { listEntries, readEntry, type ZipEntry, ZipError } from '../zip/read-zip';
import { SCANNED, scanText } from './scan';

export const ZIP_LIMITS = {
  entries: 2_000,
  uncompressed: 100_000_000,
  /** Overall and per-entry compression ratio above which a zip is treated as a bomb. */
  ratio: 100,
  scanBytes: 2_000_000,
};

type Check = ValidationReport['checks'][number];
const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;
const FOLDER = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** Everything issue 3 §3 asks of a package; `fail` checks refuse the upload, `hold` ones hold the item. */
export function validatePackage(bytes: Uint8Array, fileName: string, kind: Kind): ValidationReport {
  const report: ValidationReport = {
    ok: false,
    held: false,
    file_name: fileName,
    size: bytes.length,
    folder: '',
    entries: 0,
    uncompressed: 0,
    checks: [],
  };
  const fail = (key: string, params?: Check['params']) => {
    report.checks.push({ level: 'fail', key, params });
    return report;
  };
  if (
    !/\.zip$/i.test(fileName) ||
    !(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4)
  )
    return fail('notZip');
  if (bytes.length > PACKAGE_MAX_BYTES) return fail('tooBig', { max: PACKAGE_MAX_BYTES });
  let entries: ZipEntry[];
  try {
    entries = listEntries(bytes, ZIP_LIMITS.entries);
  } catch (error) {
    if (error instanceof ZipError && error.message === 'tooManyEntries')
      return fail('tooManyEntries', { max: ZIP_LIMITS.entries });
    return fail('malformed');
  }
  const files = entries.filter((e) => !IGNORED.test(e.name));
  report.entries = files.length;
  report.uncompressed = files.reduce((sum, e) => sum + e.size, 0);
  if (files.length === 0) return fail('empty');

  const unsafe = files.find((e) => !isSafePath(e.name));
  if (unsafe) return fail('unsafePath', { file: unsafe.name.slice(0, 120) });
  const link = files.find((e) => e.symlink);
  if (link) return fail('symlink', { file: link.name });
  if (files.some((e) => e.encrypted)) return fail('encrypted');
  if (files.some((e) => e.method !== 0 && e.method !== 8)) return fail('method');
  if (report.uncompressed > ZIP_LIMITS.uncompressed)
    return fail('tooLarge', { max: ZIP_LIMITS.uncompressed });
  const bomb = files.find((e) => e.size > 1_000_000 && e.size > e.compressedSize * ZIP_LIMITS.ratio);
  if (bomb || report.uncompressed > Math.max(bytes.length, 1_000_000) * ZIP_LIMITS.ratio)
    return fail('ratio', { max: ZIP_LIMITS.ratio });
  report.checks.push({ level: 'pass', key: 'zipOk', params: { entries: files.length } });

  const layout = checkLayout(files, kind);
  if ('fail' in layout) return fail(layout.fail, layout.params);
  report.folder = layout.folder;
  report.checks.push({ level: 'pass', key: kind === 'plugin' ? 'pluginOk' : 'themeOk', params: layout });

  for (const entry of files) {
    if (entry.directory || !SCANNED.test(entry.name)) continue;
    if (entry.size > ZIP_LIMITS.scanBytes) {
      // Padding a file past the scan size must not be a way around the scan: a person looks at it.
      report.checks.push({ level: 'hold', key: 'notScanned', params: { file: entry.name } });
      continue;
    }
    let content: Uint8Array;
    try {
      content = readEntry(bytes, entry);
    } catch {
      return fail('malformed');
    }
    for (const rule of scanText(new TextDecoder().decode(content)))
      report.checks.push({ level: 'hold', key: `scan.${rule}`, params: { file: entry.name } });
  }
  report.held = report.checks.some((c) => c.level === 'hold');
  if (!report.held) report.checks.push({ level: 'pass', key: 'scanOk' });
  report.ok = true;
  return report;
}

function isSafePath(name: string): boolean {
  if (!name || name.includes('\\') || name.includes('\0') || name.startsWith('/') || /^[A-Za-z]:/.test(name))
    return false;
  return !name.split('/').some((part) => part === '..' || part === '.');
}

type Layout = { folder: string; main: string } | { fail: string; params?: Check['params'] };

/** Plugin: one folder `name/` holding `Name.php` (client-contract §1). Theme: one folder. */
function checkLayout(files: ZipEntry[], kind: Kind): Layout {
  const tops = new Set(files.map((e) => e.name.split('/')[0] ?? ''));
  const [folder = ''] = tops;
  const nested = files.every((e) => e.name.includes('/'));
  if (tops.size !== 1 || !nested) return { fail: kind === 'plugin' ? 'pluginOneFolder' : 'themeOneFolder' };
  if (!FOLDER.test(folder)) return { fail: 'folderName', params: { folder: folder.slice(0, 60) } };
  if (kind === 'theme') return { folder, main: '' };
  const main = `${folder.charAt(0).toUpperCase()}${folder.slice(1)}.php`;
  if (!files.some((e) => e.name === `${folder}/${main}`))
    return { fail: 'pluginMain', params: { folder, main } };
  return { folder, main };
}

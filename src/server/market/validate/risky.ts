import 'server-only';
import { SERVER_CONFIG_FILE } from './php/catalog';

/**
 * File names that make a web server or PHP do something a plugin never needs: run another
 * extension as PHP, change the folder's configuration, run server-side includes. Each holds the
 * item with the reason, for a reviewer to look at.
 */
const RULES: { key: string; test: RegExp }[] = [
  { key: 'serverConfig', test: SERVER_CONFIG_FILE },
  // The extensions Apache and PHP packages map to PHP (not .phpt: PHPUnit test files, never served as code).
  { key: 'phpAlias', test: /\.(phtml|pht|phps|phar|php[2-8])$/i },
  { key: 'doubleExt', test: /\.(php\d?|phtml|pht|phar)\.[^/]+$/i },
  { key: 'ssi', test: /\.(shtml|shtm|stm)$/i },
  { key: 'archive', test: /\.(rar|7z|tar|tgz|bz2|tbz2?|xz|txz|zst|cab|arj|lzh|lha|war|iso)$/i },
];

/** The risk a file's name carries, if any. */
export function nameRisk(name: string): string | undefined {
  return RULES.find((r) => r.test.test(name))?.key;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const GZIP = [0x1f, 0x8b];
const ARCHIVES = [
  [0x52, 0x61, 0x72, 0x21], // Rar!
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x42, 0x5a, 0x68], // bzip2
  [0xfd, 0x37, 0x7a, 0x58], // xz
];

const starts = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * What a file's first bytes say it is, whatever its name: a zip is opened, a gzip file (a theme's
 * precompressed `app.js.gz`) unpacked and read, other archives held. A tar file says so at byte 257.
 */
export function contentKind(bytes: Uint8Array): 'zip' | 'gzip' | 'archive' | undefined {
  if (starts(bytes, ZIP)) return 'zip';
  if (starts(bytes, GZIP)) return 'gzip';
  if (Buffer.from(bytes.subarray(257, 262)).toString('latin1') === 'ustar') return 'archive';
  return ARCHIVES.some((m) => starts(bytes, m)) ? 'archive' : undefined;
}

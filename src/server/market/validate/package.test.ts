import { randomBytes } from 'node:crypto';
import { type Zippable, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PACKAGE_MAX_BYTES } from '@/contract/market';
import { validatePackage, ZIP_LIMITS } from './package';

const enc = (s: string) => new TextEncoder().encode(s);
const plugin = (extra: Zippable = {}) =>
  zipSync({ 'demo/Demo.php': enc('<?php class Demo {}'), 'demo/info.ini': enc('name=demo'), ...extra });
const failure = (bytes: Uint8Array) =>
  validatePackage(bytes, 'demo.zip', 'plugin').checks.find((c) => c.level === 'fail');

describe('package limits', () => {
  it('refuses a package over 20,000,000 bytes before reading it', () => {
    const big = new Uint8Array(PACKAGE_MAX_BYTES + 1);
    big.set([0x50, 0x4b, 3, 4]);
    expect(failure(big)).toMatchObject({ key: 'tooBig', params: { max: PACKAGE_MAX_BYTES } });
  });

  it('refuses more entries than the limit', () => {
    const many: Zippable = {};
    for (let i = 0; i <= ZIP_LIMITS.entries; i++) many[`demo/f${i}.txt`] = enc('x');
    expect(failure(plugin(many))).toMatchObject({ key: 'tooManyEntries' });
  });

  it('refuses symbolic links, which could point anywhere on the site once unpacked', () => {
    const link: Zippable = { 'demo/config.php': [enc('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }] };
    expect(failure(plugin(link))).toMatchObject({ key: 'symlink', params: { file: 'demo/config.php' } });
  });

  it('refuses encrypted entries, which cannot be checked', () => {
    const zip = plugin();
    for (let i = 0; i < zip.length - 4; i++)
      if (zip[i] === 0x50 && zip[i + 1] === 0x4b && zip[i + 2] === 1 && zip[i + 3] === 2) zip[i + 8]! |= 1;
    expect(failure(zip)).toMatchObject({ key: 'encrypted' });
  });

  it('holds a script too large to scan instead of letting it through unread', () => {
    // Noise that does not compress (a run of comment lines would trip the zip-bomb ratio instead).
    const noise = randomBytes(ZIP_LIMITS.scanBytes / 2 + 1).toString('hex');
    const padded = `<?php\n/* ${noise} */\neval(base64_decode($_GET['x']));`;
    const report = validatePackage(plugin({ 'demo/big.php': enc(padded) }), 'demo.zip', 'plugin');
    expect(report.held).toBe(true);
    expect(report.checks).toContainEqual({
      level: 'hold',
      key: 'notScanned',
      params: { file: 'demo/big.php' },
    });
  });
});

import { randomBytes } from 'node:crypto';
import { type Zippable, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PACKAGE_MAX_BYTES } from '@/contract/market';
import { validatePackage, ZIP_LIMITS } from './package';

const enc = (s: string) => new TextEncoder().encode(s);
const plugin = (extra: Zippable = {}) =>
  zipSync({ 'Demo.php': enc('<?php class Demo {}'), 'info.ini': enc('name=demo'), ...extra });
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
    for (let i = 0; i <= ZIP_LIMITS.entries; i++) many[`f${i}.txt`] = enc('x');
    expect(failure(plugin(many))).toMatchObject({ key: 'tooManyEntries' });
  });

  it('refuses symbolic links, which could point anywhere on the site once unpacked', () => {
    const link: Zippable = { 'config.php': [enc('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }] };
    expect(failure(plugin(link))).toMatchObject({ key: 'symlink', params: { file: 'config.php' } });
  });

  it('refuses encrypted entries, which cannot be checked', () => {
    const zip = plugin();
    // The flag sits in both the local header (offset 6) and the directory entry (offset 8).
    for (let i = 0; i < zip.length - 4; i++) {
      if (zip[i] === 0x50 && zip[i + 1] === 0x4b && zip[i + 2] === 3 && zip[i + 3] === 4) zip[i + 6]! |= 1;
      if (zip[i] === 0x50 && zip[i + 1] === 0x4b && zip[i + 2] === 1 && zip[i + 3] === 2) zip[i + 8]! |= 1;
    }
    expect(failure(zip)).toMatchObject({ key: 'encrypted' });
  });

  it('holds a script too large to scan instead of letting it through unread', () => {
    // Noise that does not compress (a run of comment lines would trip the zip-bomb ratio instead).
    const noise = randomBytes(ZIP_LIMITS.scanBytes / 2 + 1).toString('hex');
    const padded = `<?php\n/* ${noise} */\neval(base64_decode($_GET['x']));`;
    const report = validatePackage(plugin({ 'big.php': enc(padded) }), 'demo.zip', 'plugin');
    expect(report.held).toBe(true);
    expect(report.checks).toContainEqual({
      level: 'hold',
      key: 'notScanned',
      params: { file: 'big.php' },
    });
  });
});

describe('scan budget', () => {
  it('holds the scripts past the per-package token budget instead of reading them', async () => {
    const { scanEntries } = await import('./scan-package');
    const { listEntries } = await import('../zip/read-zip');
    const many = Array.from({ length: 400 }, (_, i) => `echo $v${i};`).join('\n');
    const zip = plugin({ 'demo/a.php': enc(`<?php\n${many}`), 'demo/b.php': enc('<?php system($_GET[c]);') });
    const limits = { ...ZIP_LIMITS, scanTokens: 1206 }; // Demo.php (4 tokens) and a.php (1,200) fit, b.php not
    const { checks } = scanEntries(zip, listEntries(zip, 10), limits);
    expect(checks).toContainEqual({ level: 'hold', key: 'notScanned', params: { file: 'demo/b.php' } });
  });

  it('checks a table of literal values past the budget instead of reading it, and still reads the code after it', async () => {
    const { scanEntries } = await import('./scan-package');
    const { listEntries } = await import('../zip/read-zip');
    const widths = Array.from({ length: 2000 }, (_, i) => `${i}=>${500 + (i % 7)}`).join(',');
    const font = `<?php\n$type='core';\n$cw=array(${widths});\ninclude(dirname(__FILE__).'/uni2cid.php');\n`;
    const limits = { ...ZIP_LIMITS, scanTokens: 1000 }; // the table alone is 8,000 tokens
    const read = (files: Record<string, Uint8Array>) => {
      const zip = plugin(files);
      return scanEntries(zip, listEntries(zip, 10), limits).checks;
    };
    expect(read({ 'demo/fonts/a.php': enc(font), 'demo/b.php': enc('<?php system($_GET[c]);') })).toEqual([
      expect.objectContaining({
        level: 'hold',
        key: 'scan.commandInput',
        params: expect.objectContaining({ file: 'demo/b.php' }),
      }),
    ]);
    // One call in the table and it is code like any other: past the budget, a person reads it.
    const called = font.replace("$type='core';", "$type='core'; $f=$cw; $f(1);");
    expect(read({ 'demo/fonts/a.php': enc(called) })).toContainEqual({
      level: 'hold',
      key: 'notScanned',
      params: { file: 'demo/fonts/a.php' },
    });
  });
});

describe('browser code in a package', () => {
  const redirect = `if (/baidu|sogou/.test(document.referrer)) location.href = 'https://www.hg8868-vip.com/';`;

  it('holds a script that sends search visitors to another site, at its line', () => {
    const zip = plugin({ 'demo/static/app.js': enc(`$(function () {});\n${redirect}`) });
    const hold = validatePackage(zip, 'demo.zip', 'plugin').checks.find((c) => c.key === 'scan.pageLoad');
    expect(hold?.params).toMatchObject({
      file: 'demo/static/app.js',
      line: 2,
      src: 'https://www.hg8868-vip.com/',
    });
  });

  it('holds the browser code past the per-package budget instead of reading it', async () => {
    const { scanEntries } = await import('./scan-package');
    const { listEntries } = await import('../zip/read-zip');
    const zip = plugin({
      'demo/static/a.js': enc('var a = 1;'.repeat(100)),
      'demo/static/b.js': enc(redirect),
    });
    const limits = { ...ZIP_LIMITS, pageChars: 1000 + redirect.length - 1 };
    const { checks } = scanEntries(zip, listEntries(zip, 10), limits);
    expect(checks).toContainEqual({ level: 'hold', key: 'notScanned', params: { file: 'demo/static/b.js' } });
    const read = scanEntries(zip, listEntries(zip, 10), { ...limits, pageChars: 1000 + redirect.length });
    expect(read.checks.map((c) => c.key)).toEqual(['scan.pageLoad']);
  });
});

describe('compressed files inside a package', () => {
  it('reads a gzipped file (a precompressed asset) instead of holding it, and holds a tarball', async () => {
    const { gzipSync } = await import('fflate');
    const asset = plugin({ 'demo/static/app.js.gz': gzipSync(enc('console.log("ready");')) });
    expect(validatePackage(asset, 'demo.zip', 'plugin')).toMatchObject({ ok: true, held: false });
    const hidden = plugin({ 'demo/static/app.js.gz': gzipSync(enc('<?php system($_GET["c"]);')) });
    expect(validatePackage(hidden, 'demo.zip', 'plugin').checks).toContainEqual(
      expect.objectContaining({
        key: 'scan.commandInput',
        params: expect.objectContaining({ file: 'demo/static/app.js' }),
      }),
    );
    const tar = new Uint8Array(1024);
    tar.set(enc('ustar'), 257);
    expect(validatePackage(plugin({ 'demo/data.bin': tar }), 'demo.zip', 'plugin').checks).toContainEqual({
      level: 'hold',
      key: 'risky.archive',
      params: { file: 'demo/data.bin' },
    });
  });
});

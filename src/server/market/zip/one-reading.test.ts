import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  type CraftEntry,
  craftZip,
  type HeaderField,
  streamedZip,
} from '../../../../tests/fixtures/zips/craft';
import { endRecord, INI, MAIN, twoEndRecords } from '../../../../tests/fixtures/zips/hostile';
import { checkPackage, validatePackage, ZIP_LIMITS } from '../validate/package';
import { listEntries, readEntry } from './read-zip';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const refusal = (zip: Uint8Array) =>
  validatePackage(zip, 'demo.zip', 'plugin').checks.find((c) => c.level === 'fail');
const END = Uint8Array.from([0x50, 0x4b, 5, 6]);
/** Every file of a zip as our reader reads it: name → text. */
const files = (zip: Uint8Array) =>
  Object.fromEntries(
    listEntries(zip, 100)
      .filter((e) => !e.directory)
      .map((e) => [e.name, dec(readEntry(zip, e))]),
  );

describe('a zip has one end record', () => {
  it('refuses a zip whose first end record lists a file the last one hides', () => {
    const zip = twoEndRecords();
    expect(refusal(zip)).toEqual({ level: 'fail', key: 'zip.endRecords', params: { file: '' } });
  });

  it('refuses an end signature in the comment, in a file near the end, or in a name', () => {
    const inComment = craftZip([MAIN, INI], { comment: endRecord(0, 0, 0) });
    expect(refusal(inComment)).toMatchObject({ key: 'zip.endRecords' });
    const bare = craftZip([MAIN, INI], { comment: Uint8Array.from([...enc('v1 '), ...END]) });
    expect(refusal(bare)).toMatchObject({ key: 'zip.endRecords' });
    const inData = craftZip([MAIN, INI, { name: 'data.bin', data: Uint8Array.from([1, 2, ...END, 3]) }]);
    expect(refusal(inData)).toMatchObject({ key: 'zip.endRecords' });
    const inName = craftZip([MAIN, INI, { name: 'a\u0050\u004b\u0005\u0006.txt', data: enc('x') }]);
    expect(refusal(inName)).toMatchObject({ key: 'zip.endRecords' });
  });

  it('still accepts a zip inside the package far from the end, where no reader looks for one', () => {
    const inner = zipSync({ 'a.txt': enc('inner') });
    const filler = new Uint8Array(70_000).map((_, i) => (i * 7919) % 251);
    const zip = craftZip([
      { name: 'lib/inner.zip', data: inner },
      { name: 'filler.bin', data: filler },
      MAIN,
      INI,
    ]);
    expect(validatePackage(zip, 'demo.zip', 'plugin')).toMatchObject({ ok: true, held: false });
  });
});

describe('every local header field agrees with the directory', () => {
  const cases: [HeaderField, number, string][] = [
    ['version', 45, 'zip.headerMismatch'],
    ['flags', 0x0800, 'zip.headerMismatch'],
    ['method', 8, 'zip.headerMismatch'],
    ['time', 0x6001, 'zip.headerMismatch'],
    ['date', 0x5a21, 'zip.headerMismatch'],
    ['crc', 1, 'zip.sizeMismatch'],
    ['compressed', 2, 'zip.sizeMismatch'],
    ['size', 3, 'zip.sizeMismatch'],
  ];
  it.each(cases)('refuses a local header whose %s field differs', (field, value, key) => {
    const entry: CraftEntry = { name: 'lib.php', data: enc('<?php return 1;'), time: 0x6000, date: 0x5a20 };
    expect(refusal(craftZip([MAIN, INI, entry]))).toBeUndefined();
    const lying = craftZip([MAIN, INI, { ...entry, local: { [field]: value } }]);
    expect(refusal(lying)).toEqual({ level: 'fail', key, params: { file: 'lib.php' } });
  });
});

describe('one name, one file', () => {
  it('refuses names that differ only in letter case', () => {
    const zip = craftZip([
      MAIN,
      INI,
      { name: 'Secplug.php', data: enc('<?php return 1;') },
      { name: 'secplug.php', data: enc('<?php return 2;') },
    ]);
    expect(refusal(zip)).toEqual({
      level: 'fail',
      key: 'zip.twin',
      params: { file: 'secplug.php', other: 'Secplug.php' },
    });
    const folders = craftZip([
      MAIN,
      INI,
      { name: 'Static/a.css', data: enc('a{}') },
      { name: 'static/A.css', data: enc('b{}') },
    ]);
    expect(refusal(folders)).toMatchObject({ key: 'zip.twin', params: { file: 'static/A.css' } });
  });

  it('refuses names that differ only in Unicode form (NFC and NFD)', () => {
    const nfc = 'caf\u00e9.php';
    const nfd = 'cafe\u0301.php';
    const zip = craftZip([
      MAIN,
      INI,
      { name: nfc, data: enc('<?php 1;') },
      { name: nfd, data: enc('<?php 2;') },
    ]);
    expect(refusal(zip)).toEqual({ level: 'fail', key: 'zip.twin', params: { file: nfd, other: nfc } });
  });

  it('refuses a name that is not UTF-8, which libzip would read as another name', () => {
    const zip = craftZip([
      MAIN,
      INI,
      { name: 'x', nameBytes: Uint8Array.from([0x61, 0x81, 0x2e, 0x70, 0x68, 0x70]), data: enc('1') },
    ]);
    expect(refusal(zip)).toMatchObject({ key: 'zip.nameEncoding' });
  });

  it('reads a byte-order mark as part of the name, as libzip does', () => {
    const zip = craftZip([MAIN, INI, { name: '\ufeffinfo.ini', data: enc('name = other') }]);
    expect(listEntries(zip, 10).map((e) => e.name)).toEqual(['Demo.php', 'info.ini', '\ufeffinfo.ini']);
  });

  it('keeps accepting distinct names, in any case or script', () => {
    const zip = craftZip([
      MAIN,
      INI,
      { name: 'static/Logo.png', data: enc('p') },
      { name: '说明.txt', data: enc('t') },
    ]);
    expect(validatePackage(zip, 'demo.zip', 'plugin')).toMatchObject({ ok: true, held: false });
  });
});

describe('highly compressed entries', () => {
  const zeros = (n: number, size: number): CraftEntry[] =>
    Array.from({ length: n }, (_, i) => ({
      name: `pad/${i}.bin`,
      data: new Uint8Array(size),
      deflate: true,
    }));

  it('refuses many entries each just under the per-file bomb size', () => {
    // Each 900 KB of zeros compresses about 1,000 times but stays under the 1 MB per-file limit.
    const zip = craftZip([MAIN, INI, ...zeros(15, 900_000)]);
    expect(refusal(zip)).toEqual({
      level: 'fail',
      key: 'denseTotal',
      params: { max: ZIP_LIMITS.denseTotal / 1_000_000, ratio: ZIP_LIMITS.ratio },
    });
  });

  it('lets a few of them through', () => {
    const zip = craftZip([MAIN, INI, ...zeros(5, 900_000)]);
    expect(validatePackage(zip, 'demo.zip', 'plugin')).toMatchObject({ ok: true });
  });
});

describe('the package is served rebuilt', () => {
  it('drops comments, extra fields and data descriptors, keeping every file, its bytes and time', async () => {
    const streamed = await streamedZip(
      [MAIN, INI, { name: 'big.txt', data: enc('line\n'.repeat(5000)) }],
      new Date(2024, 4, 6, 7, 8, 10),
    );
    const texts = Object.entries(files(streamed)).map(([name, text]) => [name, enc(text)]);
    const original = zipSync(
      { ...Object.fromEntries(texts), 'static/': new Uint8Array(0) },
      {
        comment: 'made by hand',
        mtime: new Date(2024, 4, 6, 7, 8, 10),
        extra: { 21589: Uint8Array.from([1, 0x10, 0x20, 0x30, 0x40]) },
      },
    );
    for (const upload of [streamed, original]) {
      const { report, bytes } = checkPackage(upload, 'demo.zip', 'plugin');
      expect(report.ok).toBe(true);
      expect(Buffer.from(bytes).equals(Buffer.from(upload))).toBe(false);
      // One end record, at the very end, with no comment; the hash and size are the rebuilt bytes'.
      expect(Buffer.from(bytes).indexOf(Buffer.from(END))).toBe(bytes.length - 22);
      expect(report.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(report.size).toBe(bytes.length);
      expect(files(bytes)).toEqual(files(upload));
      const times = (zip: Uint8Array) => listEntries(zip, 100).map((e) => [e.name, e.time, e.date]);
      expect(times(bytes)).toEqual(times(upload));
    }
  });
});

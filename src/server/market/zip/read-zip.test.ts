import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { craftZip, localRecord, streamedZip } from '../../../../tests/fixtures/zips/craft';
import { validatePackage } from '../validate/package';
import { listEntries, readEntry, ZipError } from './read-zip';

const enc = (s: string) => new TextEncoder().encode(s);
const MAIN = { name: 'Demo.php', data: enc('<?php class Demo {}') };
const INI = { name: 'info.ini', data: enc('name=demo') };
const refusal = (zip: Uint8Array) =>
  validatePackage(zip, 'demo.zip', 'plugin').checks.find((c) => c.level === 'fail');
const code = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ZipError ? [error.code, error.file] : ['other'];
  }
  return ['none'];
};

describe('zip integrity', () => {
  it('reads stored and deflated entries back byte for byte', () => {
    const zip = craftZip([MAIN, { name: 'a.txt', data: enc('hello '.repeat(500)), deflate: true }]);
    const entries = listEntries(zip, 10);
    expect(entries.map((e) => e.name)).toEqual(['Demo.php', 'a.txt']);
    expect(new TextDecoder().decode(readEntry(zip, entries[1]!))).toBe('hello '.repeat(500));
  });

  it('refuses a local header that names another file than the directory', () => {
    const zip = craftZip([MAIN, INI, { name: 'readme.txt', localName: 'readme.php', data: enc('x') }]);
    expect(code(() => listEntries(zip, 10))).toEqual(['nameMismatch', 'readme.txt']);
    expect(refusal(zip)).toEqual({
      level: 'fail',
      key: 'zip.nameMismatch',
      params: { file: 'readme.txt' },
    });
  });

  it('refuses an entry that inflates past its declared size, without inflating all of it', () => {
    // 20 MB of zeros declared as 1,000 bytes: the ratio limit trusts the declared size, so the
    // inflater must stop at it (a non-script file, which was never read before).
    const bomb = { name: 'pad.bin', data: new Uint8Array(20_000_000), deflate: true, size: 1000 };
    const zip = craftZip([MAIN, INI, bomb]);
    expect(refusal(zip)).toEqual({
      level: 'fail',
      key: 'zip.sizeMismatch',
      params: { file: 'pad.bin' },
    });
    const larger = craftZip([MAIN, INI, { name: 'a.txt', data: enc('abc'), deflate: true, size: 4 }]);
    expect(refusal(larger)).toMatchObject({ key: 'zip.sizeMismatch' });
  });

  it('refuses an entry whose CRC does not match its content', () => {
    const zip = craftZip([MAIN, INI, { name: 'logo.png', data: enc('not the real logo'), crc: 1234 }]);
    expect(refusal(zip)).toEqual({ level: 'fail', key: 'zip.crc', params: { file: 'logo.png' } });
  });

  it('refuses entries that overlap (a file hidden inside another one)', () => {
    const inner = localRecord('shell.php', enc('<?php system($_GET[c]);'));
    const carrierAt = 30 + MAIN.name.length + MAIN.data.length;
    const zip = craftZip([
      MAIN,
      { name: 'carrier.txt', data: inner },
      {
        name: 'shell.php',
        data: enc('<?php system($_GET[c]);'),
        centralOnlyAt: carrierAt + 30 + 'carrier.txt'.length,
      },
    ]);
    expect(code(() => listEntries(zip, 10))[0]).toBe('overlap');
    expect(refusal(zip)).toMatchObject({ key: 'zip.overlap' });
  });

  it('refuses a name listed twice, bytes between entries, and bytes after the end', () => {
    expect(refusal(craftZip([MAIN, INI, { ...INI, data: enc('other') }]))).toEqual({
      level: 'fail',
      key: 'zip.duplicate',
      params: { file: 'info.ini' },
    });
    expect(refusal(craftZip([{ ...MAIN, gap: enc('<?php eval($_POST[x]);') }, INI]))).toMatchObject({
      key: 'zip.hiddenData',
    });
    expect(refusal(craftZip([MAIN, INI], { trailing: enc('PK') }))).toMatchObject({ key: 'zip.hiddenData' });
  });

  it('refuses ZIP64, split archives and a Unicode path that disagrees with the name, clearly', () => {
    const zip64 = Uint8Array.from([1, 0, 16, 0, ...new Uint8Array(16)]);
    expect(refusal(craftZip([MAIN, { ...INI, centralExtra: zip64 }]))).toMatchObject({ key: 'zip.zip64' });
    expect(refusal(craftZip([MAIN, INI], { disk: 1 }))).toMatchObject({ key: 'zip.multiDisk' });
    const other = enc('evil.php');
    const unicode = Uint8Array.from([0x75, 0x70, 5 + other.length, 0, 1, 0, 0, 0, 0, ...other]);
    expect(refusal(craftZip([MAIN, { ...INI, centralExtra: unicode }]))).toMatchObject({
      key: 'zip.nameMismatch',
    });
  });

  it('accepts a zip written as a stream, with data descriptors', async () => {
    const bytes = await streamedZip([MAIN, INI, { name: 'big.txt', data: enc('line\n'.repeat(5000)) }]);
    const entries = listEntries(bytes, 10);
    expect(new TextDecoder().decode(readEntry(bytes, entries[2]!))).toBe('line\n'.repeat(5000));
    expect(validatePackage(bytes, 'demo.zip', 'plugin')).toMatchObject({ ok: true, held: false });
  });

  it('keeps accepting what zip tools write', () => {
    const zip = zipSync({
      'Demo.php': MAIN.data,
      'info.ini': INI.data,
      'static/': new Uint8Array(0),
    });
    expect(validatePackage(zip, 'demo.zip', 'plugin')).toMatchObject({ ok: true, held: false });
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { Kind } from '@/contract/market';
import { checkPackage } from '@/server/market/validate/package';
import { listEntries, readEntry } from '@/server/market/zip/read-zip';
import { demoPluginZip, demoThemeZip } from '@/server/seed/market-assets';
import { hostilePlugin, linkedPlugin, scriptedTheme, typicalPlugin } from '../../fixtures/packages/large';
import { corpusZip, loadCorpus } from '../../fixtures/webshells/corpus';
import { craftZip, streamedZip } from '../../fixtures/zips/craft';
import { INI, MAIN, SHELL, twoEndRecords } from '../../fixtures/zips/hostile';
import { php } from '../../support/cms/php';

/**
 * The CMS installs a package with PHP's ZipArchive (libzip): every package the market accepts must
 * unpack there to exactly the files, with exactly the bytes, that the scan read.
 */
type Extracted = { ok: boolean; files?: Record<string, string>; dirs?: string[] };

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-reading-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const enc = (s: string) => new TextEncoder().encode(s);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** What ZipArchive::extractTo makes of each zip. */
async function extractWithPhp(zips: Uint8Array[]): Promise<Extracted[]> {
  const dir = fs.mkdtempSync(path.join(work, 'run-'));
  const files = zips.map((zip, i) => {
    const file = path.join(dir, `${i}.zip`);
    fs.writeFileSync(file, zip);
    return file;
  });
  const out: Record<string, Extracted> = {};
  // In batches: one PHP run may take at most 30 seconds (tests/support/cms/php.ts).
  for (let at = 0; at < files.length; at += 50)
    Object.assign(out, await php<Record<string, Extracted>>('extract.php', files.slice(at, at + 50)));
  return files.map((f) => out[f] ?? { ok: false });
}

/** What the scan reads of a zip: its files (name → SHA-256) and the folders they make. */
function scannerReading(zip: Uint8Array) {
  const entries = listEntries(zip, 10_000);
  const files: Record<string, string> = {};
  const dirs = new Set<string>();
  for (const e of entries) {
    const parts = e.name.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(`${parts.slice(0, i).join('/')}/`);
    if (!e.directory) files[e.name] = sha(readEntry(zip, e));
  }
  return { ok: true, files: Object.fromEntries(Object.entries(files).sort()), dirs: [...dirs].sort() };
}

const streamed = () => streamedZip([MAIN, INI, { name: 'lang/说明.txt', data: enc('说明\n'.repeat(400)) }]);

/** Every zip the tests of the package check accept, with the kind it is sent as. */
async function acceptedCorpus(): Promise<[string, Uint8Array, Kind][]> {
  const zips: [string, Uint8Array, Kind][] = loadCorpus().map((item) => [
    `webshell corpus ${item.held ? 'held' : 'clean'}/${item.id}`,
    corpusZip(item),
    item.kind,
  ]);
  zips.push(
    ['typical plugin', typicalPlugin(8), 'plugin'],
    ['hostile plugin', hostilePlugin(), 'plugin'],
    ['linked plugin', linkedPlugin(), 'plugin'],
    ['scripted theme', scriptedTheme(1_000_000), 'theme'],
    ['demo plugin', demoPluginZip('demo', 'Demo'), 'plugin'],
    ['demo plugin zipped as a folder', demoPluginZip('demo', 'Demo', '1.0.0', true), 'plugin'],
    ['demo theme', demoThemeZip('demo', 'Demo'), 'theme'],
    ['demo theme zipped as a folder', demoThemeZip('demo', 'Demo', '1.0.0', true), 'theme'],
    ['streamed with data descriptors', await streamed(), 'plugin'],
    [
      'with a comment, extra fields and folders',
      zipSync(
        {
          'Demo.php': MAIN.data,
          'info.ini': INI.data,
          'static/': new Uint8Array(0),
          'static/a.css': enc('a{}'),
        },
        { comment: 'release 1', extra: { 21589: Uint8Array.from([1, 1, 2, 3, 4]) } },
      ),
      'plugin',
    ],
    [
      'crafted by hand',
      craftZip([MAIN, INI, { name: 'lib/x.txt', data: enc('x'.repeat(3000)), deflate: true }]),
      'plugin',
    ],
  );
  return zips;
}

describe('one reading, the CMS’s and the scan’s', () => {
  it('unpacks every accepted package to the files and bytes the scan read', async () => {
    const accepted: [string, Uint8Array][] = [];
    for (const [name, zip, kind] of await acceptedCorpus()) {
      const { report, bytes } = checkPackage(zip, 'demo.zip', kind);
      expect({ name, ok: report.ok }).toEqual({ name, ok: true });
      accepted.push([name, bytes]);
    }
    expect(accepted.length).toBeGreaterThan(100);
    const extracted = await extractWithPhp(accepted.map(([, bytes]) => bytes));
    accepted.forEach(([name, bytes], i) => {
      expect({ name, ...extracted[i] }).toEqual({ name, ...scannerReading(bytes) });
    });
  }, 120_000);

  it('refuses a zip whose second end record shows ZipArchive a file the scan never saw', async () => {
    const zip = twoEndRecords();
    const [cms] = await extractWithPhp([zip]);
    // Without the refusal: ZipArchive extracts the shell, which the last end record does not list.
    expect(cms?.files?.['evil.php']).toBe(sha(enc(SHELL)));
    expect(Object.keys(cms?.files ?? {})).not.toContain('readme.txt');
    const { report } = checkPackage(zip, 'demo.zip', 'plugin');
    expect(report.checks.find((c) => c.level === 'fail')).toMatchObject({ key: 'zip.endRecords' });
  });
});

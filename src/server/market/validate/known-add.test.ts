import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { knownFiles } from '../../db/schema';
import { runKnownAdd } from './known-add';
import { identify, knownHash, knownIndex, knownText } from './known-files';
import { listKnownReleases, readKnownStore } from './known-store';

const enc = (s: string) => new TextEncoder().encode(s);
const dirs: string[] = [];
function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'known-add-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function run(argv: string[]) {
  const lines: string[] = [];
  const code = await runKnownAdd(argv, { log: (l) => lines.push(l), error: (l) => lines.push(l) });
  return { code, out: lines.join('\n') };
}

const ENGINE = (body: string) => `<?php\nclass Engine {\n  function run() { ${body} }\n}\n`;
const release = (body: string) =>
  zipSync({
    'lib-1.0/src/Engine.php': enc(ENGINE(body)),
    'lib-1.0/src/Loader.php': enc('<?php\nclass Loader {}\n'),
  });

/** A tar.gz as `tar czf` writes it (ustar headers), for the same files. */
function tarGz(files: Record<string, string>): Uint8Array {
  const blocks: Buffer[] = [];
  for (const [name, body] of Object.entries(files)) {
    const head = Buffer.alloc(512);
    head.write(name, 0, 100, 'utf8');
    head.write('0000644\0', 100);
    head.write('0000000\0', 108);
    head.write('0000000\0', 116);
    head.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124);
    head.write('00000000000\0', 136);
    head.write('        ', 148);
    head.write('0', 156);
    head.write('ustar\x0000', 257);
    let sum = 0;
    for (const b of head) sum += b;
    head.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
    data.write(body);
    blocks.push(head, data);
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

describe('npm run known:add', () => {
  it('records a release in the database by hashes, under paths without its top folder, and replaces a re-import', async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'lib.zip'), release('return 1;'));
    const args = ['--library', 'Lib', '--version', '1.0', '--file', path.join(dir, 'lib.zip')];
    expect(await run(args)).toMatchObject({ code: 0, out: expect.stringContaining('2 files') });
    expect((await run(args)).code).toBe(0);

    expect(await listKnownReleases()).toMatchObject([{ library: 'Lib', version: '1.0', files: 2 }]);
    const store = await readKnownStore();
    expect(store.libraries).toHaveLength(1);
    expect(store.libraries[0]!.files.map((f) => f.path)).toEqual(['src/Engine.php', 'src/Loader.php']);
    // Hashes only: no line of the release's code is kept.
    const rows = await (await getDb()).select().from(knownFiles);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain('class Engine');

    const known = knownIndex(store);
    const file = (name: string, text: string) => ({ name, hash: knownHash(text), text });
    const { identical, modified } = identify(
      [
        file('vendor/lib/src/Loader.php', knownText(enc('\uFEFF<?php\r\nclass Loader {}\r\n'))),
        file('vendor/lib/src/Engine.php', ENGINE("system($_GET['c']);")),
      ],
      known,
    );
    expect(identical.get('vendor/lib/src/Loader.php')).toMatchObject({
      library: 'Lib',
      version: '1.0',
      path: 'src/Loader.php',
    });
    expect(modified.get('vendor/lib/src/Engine.php')).toMatchObject({
      path: 'src/Engine.php',
      added: [3],
      removed: 1,
    });
  });

  it('reads a release published as a tar.gz the same way', async () => {
    const dir = tmp();
    fs.writeFileSync(
      path.join(dir, 'other.tar.gz'),
      tarGz({ 'other-2.0/src/A.php': '<?php\nclass A {}\n', 'other-2.0/README.md': '# Other\n' }),
    );
    const args = ['--library', 'Other', '--version', '2.0', '--file', path.join(dir, 'other.tar.gz')];
    expect(await run(args)).toMatchObject({ code: 0, out: expect.stringContaining('2 files') });
    const other = (await readKnownStore()).libraries.find((l) => l.library === 'Other');
    expect(other?.files.map((f) => f.path)).toEqual(['README.md', 'src/A.php']);
    expect(other?.files.find((f) => f.path === 'src/A.php')?.sha256).toBe(knownHash('<?php\nclass A {}\n'));
  });

  it('refuses what is not a release it can read, and says how to call it, recording nothing', async () => {
    const dir = tmp();
    const before = await listKnownReleases();
    fs.writeFileSync(path.join(dir, 'bad.zip'), 'not a zip');
    fs.writeFileSync(path.join(dir, 'bad.tar.gz'), gzipSync(Buffer.from('not a tar archive')));
    for (const bad of ['bad.zip', 'bad.tar.gz', 'missing.zip'])
      expect(
        await run(['--library', 'Bad', '--version', '1.0', '--file', path.join(dir, bad)]),
      ).toMatchObject({ code: 1, out: expect.stringContaining(bad) });
    expect(
      (await run(['--library', 'Bad', '--version', '1.0', '--file', path.join(dir, 'bad.zip')])).out,
    ).toContain('not a readable release archive');
    expect(await run(['--library', 'Lib', '--file', path.join(dir, 'bad.zip')])).toMatchObject({
      code: 2,
      out: expect.stringContaining('usage'),
    });
    expect((await run(['--library', '../x', '--version', '1', '--file', 'x.zip'])).code).toBe(2);
    expect(await listKnownReleases()).toEqual(before);
  });
});

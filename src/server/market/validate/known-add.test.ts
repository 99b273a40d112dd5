import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { runKnownAdd } from './known-add';
import { identify, knownHash, knownText } from './known-files';
import { loadKnownIndex } from './known-store';

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

function run(argv: string[]) {
  const lines: string[] = [];
  const code = runKnownAdd(argv, { log: (l) => lines.push(l), error: (l) => lines.push(l) });
  return { code, out: lines.join('\n') };
}

const release = (body: string) =>
  zipSync({
    'lib-1.0/src/Engine.php': enc(`<?php\nclass Engine {\n  function run() { ${body} }\n}\n`),
    'lib-1.0/src/Loader.php': enc('<?php\nclass Loader {}\n'),
  });

describe('npm run known:add', () => {
  it('records a release by hashes, under paths without its top folder, and replaces a re-import', () => {
    const dir = tmp();
    const index = path.join(dir, 'known.json');
    fs.writeFileSync(path.join(dir, 'lib.zip'), release('return 1;'));
    expect(
      run(['--library', 'Lib', '--version', '1.0', '--file', path.join(dir, 'lib.zip'), '--index', index]),
    ).toMatchObject({
      code: 0,
      out: expect.stringContaining('2 files'),
    });
    expect(
      run(['--library', 'Lib', '--version', '1.0', '--file', path.join(dir, 'lib.zip'), '--index', index])
        .code,
    ).toBe(0);
    const stored = JSON.parse(fs.readFileSync(index, 'utf8'));
    expect(stored.libraries).toHaveLength(1);
    expect(stored.libraries[0].files.map((f: { path: string }) => f.path).sort()).toEqual([
      'src/Engine.php',
      'src/Loader.php',
    ]);
    // Hashes only: no line of the release's code is kept.
    expect(fs.readFileSync(index, 'utf8')).not.toContain('class Engine');

    const known = loadKnownIndex(index)!;
    const file = (name: string, text: string) => ({ name, hash: knownHash(text), text });
    const { identical, modified } = identify(
      [
        file('vendor/lib/src/Loader.php', knownText(enc('\uFEFF<?php\r\nclass Loader {}\r\n'))),
        file(
          'vendor/lib/src/Engine.php',
          "<?php\nclass Engine {\n  function run() { system($_GET['c']); }\n}\n",
        ),
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

  it('refuses what is not a release it can read, and says how to call it', () => {
    const dir = tmp();
    const index = path.join(dir, 'known.json');
    fs.writeFileSync(path.join(dir, 'bad.zip'), 'not a zip');
    expect(
      run(['--library', 'Lib', '--version', '1.0', '--file', path.join(dir, 'bad.zip'), '--index', index]),
    ).toMatchObject({
      code: 1,
      out: expect.stringContaining('not a readable zip'),
    });
    expect(run(['--library', 'Lib', '--file', path.join(dir, 'bad.zip')])).toMatchObject({
      code: 2,
      out: expect.stringContaining('usage'),
    });
    expect(run(['--library', '../x', '--version', '1', '--file', 'x.zip']).code).toBe(2);
    expect(fs.existsSync(index)).toBe(false);
  });
});

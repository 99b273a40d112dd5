import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { knownHash, knownText, looseText } from '../../market/validate/known-files';
import { readReleaseFiles } from './release-files';
import { readReleaseFilesOffLoop } from './release-off-loop';

const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

describe("a release's files, read on their own thread", () => {
  it('reads what the reader reads in process, and says when a package does not unpack', async () => {
    const bytes = zip({
      'maccms/static/js/player.js': 'var MacPlayer = {};  \r\n',
      'maccms/static/css/home.css': '\uFEFFbody{}\n\n',
      'maccms/application/extra/version.php': '<?php',
      'maccms/template/default/js/home.js': 'var home = 1;\n',
      'maccms/static/../x.js': 'outside',
    });
    const there = await readReleaseFilesOffLoop(bytes);
    expect(there).toEqual(readReleaseFiles(bytes));
    // Every file, by its place in the release; static files also by their place on a site, with their text.
    expect(there.files.map((f) => [f.path, f.site, f.text])).toEqual([
      ['static/js/player.js', '/static/js/player.js', 'var MacPlayer = {};'],
      ['static/css/home.css', '/static/css/home.css', 'body{}'],
      ['application/extra/version.php', null, undefined],
      ['template/default/js/home.js', null, undefined],
    ]);
    // Hashed as the package scan compares a package's files, with the line hashes of a changed copy.
    const home = there.files.find((f) => f.path === 'template/default/js/home.js')!;
    expect(home.known).toBe(knownHash(looseText(knownText(strToU8('var home = 1;  \r\n\n')))));
    expect(home.lines).toBeTruthy();
    expect((await readReleaseFilesOffLoop(new Uint8Array([80, 75, 3, 4, 1]))).unreadable).toBeTruthy();
  });

  it('keeps the event loop turning while a full package is read', async () => {
    // Ten 3 MB scripts of short lines with trailing blanks: unzipping, normalising and hashing
    // them takes long enough that the loop turns many times while another thread does it.
    const big = 'var a = 1;   \r\n'.repeat(200_000);
    const bytes = zip(
      Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`static/js/big${i}.js`, big])),
    );
    // Read in process, the work would hold the loop to its end and no timer would fire before it.
    let turns = 0;
    const timer = setInterval(() => turns++, 1);
    const read = await readReleaseFilesOffLoop(bytes).finally(() => clearInterval(timer));
    expect(read.files).toHaveLength(10);
    expect(turns).toBeGreaterThan(0);
  });
});

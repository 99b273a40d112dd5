import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readReleaseStatics } from './release-statics';
import { readReleaseStaticsOffLoop } from './statics-off-loop';

const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

describe("a release's static files, read on their own thread", () => {
  it('reads what the reader reads in process, and says when a package does not unpack', async () => {
    const bytes = zip({
      'maccms/static/js/player.js': 'var MacPlayer = {};  \r\n',
      'maccms/static/css/home.css': '\uFEFFbody{}\n\n',
      'maccms/application/extra/version.php': '<?php',
      'maccms/static/../x.js': 'outside',
    });
    const there = await readReleaseStaticsOffLoop(bytes);
    expect(there).toEqual(readReleaseStatics(bytes));
    expect(there.files.map((f) => [f.path, f.text])).toEqual([
      ['/static/js/player.js', 'var MacPlayer = {};'],
      ['/static/css/home.css', 'body{}'],
    ]);
    expect((await readReleaseStaticsOffLoop(new Uint8Array([80, 75, 3, 4, 1]))).unreadable).toBeTruthy();
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
    const read = await readReleaseStaticsOffLoop(bytes).finally(() => clearInterval(timer));
    expect(read.files).toHaveLength(10);
    expect(turns).toBeGreaterThan(0);
  });
});

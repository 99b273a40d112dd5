import { zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as pluginsCenter } from '@/app/api/developer_plugins/plugins_center/route';
import { POST as themeAdd } from '@/app/api/developer_theme/theme_add/route';
import { registerUser } from '../../support/factories';
import {
  callApi,
  callMultipart,
  fields,
  file,
  PNG,
  pluginZip,
  storedFiles,
  themeZip,
  uploadFile,
} from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

const enc = (s: string) => new TextEncoder().encode(s);
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

describe('package validation on upload', () => {
  const cases: [string, Uint8Array, string, string][] = [
    ['a file that is not a zip', enc('hello'), 'plugin.zip', 'The source code must be a .zip file'],
    ['a zip with another name', pluginZip('ok'), 'plugin.rar', 'The source code must be a .zip file'],
    [
      'a damaged zip',
      Uint8Array.from([0x50, 0x4b, 3, 4, 9, 9, 9, 9]),
      'p.zip',
      'The zip file is damaged or cannot be read',
    ],
    [
      'a path-traversal entry',
      zipSync({ 'demo/Demo.php': enc('<?php'), '../evil.php': enc('x') }),
      'p.zip',
      'Unsafe path in the package: ../evil.php',
    ],
    [
      'an absolute entry',
      zipSync({ '/etc/cron.d/x': enc('x') }),
      'p.zip',
      'Unsafe path in the package: /etc/cron.d/x',
    ],
    [
      'two folders',
      zipSync({ 'a/A.php': enc('<?php'), 'b/B.php': enc('<?php') }),
      'p.zip',
      'A plugin zip must hold info.ini and its main file Name.php at its root, not inside another folder. At its root now: a/, b/',
    ],
    [
      'a main file whose case differs',
      zipSync({ 'demo.php': enc('<?php'), 'info.ini': enc('name = demo') }),
      'p.zip',
      'The main file must be named Demo.php, with exactly that case; found demo.php',
    ],
    [
      'a zip bomb',
      zipSync({ 'demo/Demo.php': enc('<?php'), 'demo/big.txt': new Uint8Array(30_000_000) }),
      'p.zip',
      'The package compresses more than 100 times: refused as a zip bomb',
    ],
  ];

  it.each(cases)('refuses %s with a clear message and keeps nothing', async (_name, bytes, fileName, msg) => {
    const dev = await registerUser();
    const before = storedFiles();
    const res = await uploadFile(dev.token, file(bytes, fileName), 'source');
    expect(res).toMatchObject({ status: 200, code: 0, msg });
    expect(storedFiles()).toEqual(before);
  });

  it('answers in the caller language', async () => {
    const dev = await registerUser();
    const res = await callMultipart(
      (await import('@/app/api/developer/upload/route')).POST,
      {
        file: file(enc('x'), 'x.zip'),
        type: 'source',
      },
      { token: dev.token },
    );
    expect(res.msg).toBe('源码必须是 .zip 压缩包');
  });

  it('accepts a good plugin and reports every check', async () => {
    const dev = await registerUser();
    const res = await uploadFile(dev.token, file(pluginZip('goodone'), 'good.zip'), 'source');
    expect(res.code).toBe(1);
    expect(res.info.report.held).toBe(false);
    expect(res.info.report.checks.map((c) => c.text)).toEqual([
      'Zip file readable: 2 files, no unsafe paths',
      'Layout correct: the CMS installs it as addons/goodone/Goodone.php',
      'No malicious constructs found',
    ]);
    expect(storedFiles()).toContain(res.info.key);
  });

  it('holds an item with malicious code and says why', async () => {
    const dev = await registerUser();
    const bad = pluginZip('shady', { 'lib.php': '<?php eval(base64_decode("ZWNobyAxOw=="));' });
    const res = await uploadFile(dev.token, file(bad, 'shady.zip'), 'source');
    expect(res.code).toBe(1);
    expect(res.info.report.held).toBe(true);
    expect(res.info.report.checks.map((c) => c.text)).toContain('Held: eval of a decoded string in lib.php');
    const submitted = await callApi<{ held: boolean }>(pluginsAdd, {
      form: {
        ...fields(),
        source: res.info.key,
        pc_image: (await uploadFile(dev.token, file(PNG, 'a.png'), 'image')).info.key,
      },
      token: dev.token,
    });
    expect(submitted.info.held).toBe(true);
  });

  it('recognises images by their bytes, not their names', async () => {
    const dev = await registerUser();
    const before = storedFiles();
    const exe = await uploadFile(dev.token, file(EXE, 'cute.png', 'image/png'), 'image');
    expect(exe).toMatchObject({ code: 0, msg: '"cute.png" is not a PNG, JPEG, WebP or GIF image' });
    const big = new Uint8Array(2_000_001);
    big.set(PNG);
    expect((await uploadFile(dev.token, file(big, 'big.png'), 'image')).msg).toBe(
      'An image may be at most 2,000,000 bytes',
    );
    expect(storedFiles()).toEqual(before);
    const ok = await uploadFile(dev.token, file(PNG, 'real.bin'), 'image');
    expect(ok.info.key).toMatch(/\.png$/);
  });

  it('leaves no record and no file when one file of a submission is bad', async () => {
    const dev = await registerUser();
    const before = storedFiles();
    const res = await callMultipart(
      pluginsAdd,
      {
        ...fields(),
        source: file(pluginZip('partial'), 'p.zip'),
        pc_image: file(PNG, 't.png'),
        pc_preview: [file(PNG, 'p.png'), file(EXE, 'x.png')],
      },
      { token: dev.token, lang: 'en-us' },
    );
    expect(res.code).toBe(0);
    expect(storedFiles()).toEqual(before);
    const list = await callApi<{ search_count: number }>(pluginsCenter, { json: {}, token: dev.token });
    expect(list.info.search_count).toBe(0);
  });

  it('checks the fields on the server: description, source code, thumbnail', async () => {
    const dev = await registerUser();
    const res = await callApi<unknown>(pluginsAdd, {
      form: { name: 'x', support_version: '1' },
      token: dev.token,
      lang: 'en-us',
    });
    expect(res.code).toBe(0);
    expect(res.info).toMatchObject({
      errors: {
        describe: 'Please enter the description',
        source: 'Please upload the source code',
        pc_image: 'Please upload the thumbnail',
      },
    });
  });

  it('refuses a plugin package for a theme and a folder taken by another item', async () => {
    const dev = await registerUser();
    const other = await registerUser();
    const theme = await callMultipart(
      themeAdd,
      { ...fields(), source: file(themeZip('sharedname'), 'sharedname.zip'), pc_image: file(PNG, 't.png') },
      { token: dev.token },
    );
    expect(theme.code).toBe(1);
    const clash = await callMultipart(
      themeAdd,
      { ...fields(), source: file(themeZip('sharedname'), 'sharedname.zip'), pc_image: file(PNG, 't.png') },
      { token: other.token, lang: 'en-us' },
    );
    expect(clash.msg).toBe('Another item already uses the folder "sharedname": rename your package folder');
    const pluginPkg = await uploadFile(
      dev.token,
      file(themeZip('notaplugin'), 'notaplugin.zip'),
      'source',
      'theme',
    );
    const asPlugin = await callApi(pluginsAdd, {
      form: {
        ...fields(),
        source: pluginPkg.info.key,
        pc_image: (await uploadFile(dev.token, file(PNG, 'a.png'), 'image')).info.key,
      },
      token: dev.token,
      lang: 'en-us',
    });
    expect(asPlugin.msg).toBe('This package was checked for the other kind of item: upload it again here');
  });
});

import { zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { POST as setPublish } from '@/app/api/developer/set_publish/route';
import { POST as doAudit } from '@/app/api/developer_plugins/do_audit/route';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as pluginsDetail } from '@/app/api/developer_plugins/plugins_detail/route';
import { POST as themeAdd } from '@/app/api/developer_theme/theme_add/route';
import { POST as pluginDetail } from '@/app/api/market_plugins/detail/route';
import type { AppDetail } from '@/contract/developer-output';
import type { StoreDetail } from '@/contract/store-answers';
import { registerUser } from '../../support/factories';
import { callApi, callMultipart, fields, file, PNG, registerAdmin, themeZip, uploadFile } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

const enc = (s: string) => new TextEncoder().encode(s);
type Info = { name: string; folder: string; version: string; intro: string; author: string };

/** A plugin whose info.ini says what real ones say, in the CMS's own keys. */
const plugin = (folder: string, ini: string) =>
  zipSync({
    [`${folder.charAt(0).toUpperCase()}${folder.slice(1)}.php`]: enc('<?php\nclass X {}\n'),
    'info.ini': enc(ini),
  });

const submit = (token: string, zip: Uint8Array, over: Record<string, string>, route = pluginsAdd) =>
  callMultipart<{ id: number }>(
    route,
    { ...fields(over), source: file(zip, 'package.zip'), pc_image: file(PNG, 'thumb.png') },
    { token, lang: 'en-us' },
  );

describe('info.ini as the source of truth', () => {
  it("answers an uploaded package's info.ini with its report, for the add form to pre-fill", async () => {
    const dev = await registerUser();
    const ini =
      '\uFEFF; made by hand\nname = "danmakux"\ntitle = Danmaku X ; the display name\nintro = Bullet comments\nauthor = Studio\nversion = 1.4.2\n';
    const up = await uploadFile(dev.token, file(plugin('danmakux', ini), 'danmakux.zip'), 'source');
    expect(up.code).toBe(1);
    expect((up.info.report as unknown as { info: Info }).info).toEqual({
      name: 'Danmaku X',
      folder: 'danmakux',
      version: '1.4.2',
      intro: 'Bullet comments',
      author: 'Studio',
    });

    // A theme's `name` is what people read; its folder is the zip's unless info.ini names a `dir`.
    const theme = zipSync({
      'info.ini': enc('name = Night sky\nversion = 2.0\ndir = nightsky\n'),
      'html/index/index.html': enc('<html></html>'),
    });
    const themeUp = await uploadFile(dev.token, file(theme, 'night.zip'), 'source', 'theme');
    expect(themeUp.code).toBe(1);
    const report = themeUp.info.report as unknown as { folder: string; info: Info };
    expect(report.folder).toBe('night');
    expect(report.info).toMatchObject({ name: 'Night sky', folder: 'nightsky', version: '2.0', intro: '' });
  });

  it('requires a version: the typed one, else the one info.ini states', async () => {
    const dev = await registerUser();
    // info.ini states none and none is typed: refused, in the caller's language.
    const none = await submit(dev.token, themeZip(`nover${Date.now() % 100000}`), { version: '' }, themeAdd);
    expect(none).toMatchObject({ code: 0, msg: 'Please enter the version number' });
    const zh = await callMultipart(
      themeAdd,
      {
        ...fields({ version: '' }),
        source: file(themeZip(`nover${Date.now() % 100000}`), 'package.zip'),
        pc_image: file(PNG, 'thumb.png'),
      },
      { token: dev.token, lang: 'zh-cn' },
    );
    expect(zh).toMatchObject({ code: 0, msg: '请输入版本号' });

    // Left empty, the version is info.ini's; typed, the typed one is kept (the form warns of a difference).
    const folder = `inistated${Date.now() % 100000}`;
    const stated = await submit(dev.token, plugin(folder, `name = ${folder}\nversion = 3.1.0\n`), {
      version: '',
    });
    expect(stated.code).toBe(1);
    const detail = await callApi<AppDetail>(pluginsDetail, {
      json: { id: stated.info.id, type: 'info' },
      token: dev.token,
    });
    expect(detail.info.detail.version).toBe('3.1.0');
    expect(detail.info.audit_list[0]).toMatchObject({ action: 'submit', version: '3.1.0' });

    const typedFolder = `initype${Date.now() % 100000}`;
    const typed = await submit(dev.token, plugin(typedFolder, `name = ${typedFolder}\nversion = 3.1.0\n`), {
      version: '3.2.0',
    });
    const typedDetail = await callApi<AppDetail>(pluginsDetail, {
      json: { id: typed.info.id, type: 'info' },
      token: dev.token,
    });
    expect(typedDetail.info.detail.version).toBe('3.2.0');

    // info.ini's version must be a version number to stand in for the field.
    const badFolder = `inibad${Date.now() % 100000}`;
    const bad = await submit(dev.token, plugin(badFolder, `name = ${badFolder}\nversion = v 1 (beta)\n`), {
      version: '',
    });
    expect(bad.code).toBe(0);
    expect(bad.msg).toContain('"v 1 (beta)"');
  });

  it("keeps each version's changelog and shows it with the item's public versions", async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const folder = `changes${Date.now() % 100000}`;
    const zip = plugin(folder, `name = ${folder}\nversion = 1.0.0\n`);

    const tooLong = await submit(dev.token, zip, { changelog: 'x'.repeat(2001) });
    expect(tooLong).toMatchObject({ code: 0, msg: 'The changelog must be at most 2,000 characters' });

    const first = await submit(dev.token, zip, { version: '1.0.0', changelog: 'First release' });
    expect(first.code).toBe(1);
    const { id } = first.info;
    const release = async (version: string) => {
      const approved = await callApi(doAudit, { json: { id, status: 1, version }, token: admin.token });
      expect(approved.code).toBe(1);
      expect((await callApi(setPublish, { json: { id }, token: dev.token })).code).toBe(1);
    };
    await release('1.0.0');
    const second = await callMultipart(
      pluginsAdd,
      {
        ...fields({ version: '1.1.0', changelog: 'Faster search\nFixed the settings page' }),
        id: String(id),
        source: file(plugin(folder, `name = ${folder}\nversion = 1.1.0\n`), 'package.zip'),
        pc_image: file(PNG, 'thumb.png'),
      },
      { token: dev.token, lang: 'en-us' },
    );
    expect(second.code).toBe(1);
    await release('1.1.0');

    const mine = await callApi<AppDetail>(pluginsDetail, { json: { id, type: 'info' }, token: dev.token });
    expect(mine.info.detail.changelog).toBe('Faster search\nFixed the settings page');

    // The public answer (the item page and the CMS read it): the CMS's version_history keeps its shape.
    const pub = await callApi<StoreDetail>(pluginDetail, { form: { id: String(id) } });
    expect(pub.info.version_history).toEqual(['1.0.0', '1.1.0']);
    expect(pub.info.versions.map((v) => [v.version, v.changelog, v.current])).toEqual([
      ['1.0.0', 'First release', false],
      ['1.1.0', 'Faster search\nFixed the settings page', true],
    ]);
  });
});

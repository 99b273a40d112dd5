import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { GET as serveFile } from '@/app/api/developer/file/[...key]/route';
import { POST as setPublish } from '@/app/api/developer/set_publish/route';
import { POST as doAudit } from '@/app/api/developer_plugins/do_audit/route';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as pluginsDetail } from '@/app/api/developer_plugins/plugins_detail/route';
import { POST as center } from '@/app/api/market/center/route';
import { GET as servePackage } from '@/app/api/market/package/[token]/[file]/route';
import { POST as pluginDetail } from '@/app/api/market_plugins/detail/route';
import { POST as pluginDownload } from '@/app/api/market_plugins/plugins_download/route';
import { POST as themeDetail } from '@/app/api/market_theme/detail/route';
import { POST as themeDownload } from '@/app/api/market_theme/theme_download/route';
import { getDb } from '@/server/db/client';
import { storeChanged } from '@/server/market/store/cache';
import { registerUser } from '../../support/factories';
import { callApi, fields, registerAdmin, releaseItem, submitPlugin } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

type Item = {
  id: number;
  name: string;
  pc_image: string;
  h5_image: string;
  pc_preview: string;
  h5_preview: string;
};
type Detail = {
  detail: Record<string, unknown> & { source: string; file_name: string; update_time: string };
  version_history: string[];
};
type Download = { source: string; file_name: string; download_num: number };

/** Exactly what the CMS admin sends: form fields, a `lang` header, no token. */
const cms = <T>(route: (r: Request) => Promise<Response>, form: Record<string, string>, lang = 'en-us') =>
  callApi<T>(route, { form, lang });

/** `count` more released copies of a released item (named `<name> <n>`), made in the database. */
async function cloneReleased(name: string, count: number) {
  const db = await getDb();
  const [source] = (
    (await db.execute(sql`
      select v.*, a.owner_id from market_app_versions v join market_apps a on a.released_version_id = v.id
      where v.name = ${name} limit 1`)) as unknown as { rows: Record<string, unknown>[] }
  ).rows;
  const base = name.replace(/ 0$/, '');
  for (let n = 1; n <= count; n++) {
    const [app] = (
      (await db.execute(
        sql`insert into market_apps (kind, owner_id) values ('plugin', ${source!.owner_id}) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    // Every statement in one WITH sees the same snapshot: the version goes in first, then the app points to it.
    await db.execute(sql`
      with v as (
        insert into market_app_versions (app_id, status, version, name, describe, support_version, user_name,
          package_key, package_name, package_size, folder, pc_image, report, released_at)
        select ${app!.id}, 3, version, ${`${base} ${n}`}, describe, support_version, user_name, package_key,
          package_name, package_size, ${`clone${app!.id}`}, pc_image, report, now()
        from market_app_versions where id = ${source!.id} returning id
      )
      update market_apps set latest_version_id = (select id from v), released_version_id = (select id from v)
      where id = ${app!.id}`);
  }
  storeChanged();
}

async function fetchUrl(url: string) {
  const { pathname } = new URL(url);
  if (pathname.startsWith('/api/market/package/')) {
    const [token, name] = pathname.replace('/api/market/package/', '').split('/');
    return servePackage(new Request(url), { params: Promise.resolve({ token: token!, file: name! }) });
  }
  const key = pathname.replace('/api/developer/file/', '').split('/');
  return serveFile(new Request(url), { params: Promise.resolve({ key }) });
}

describe('the CMS admin app market: list', () => {
  it('lists released items only, with absolute images, searched and paged as the CMS asks', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const tag = `Lst${Date.now() % 100000}`;
    const a = await releaseItem(dev, admin, { overrides: { name: `${tag} Alpha` } });
    const b = await releaseItem(dev, admin, { overrides: { name: `${tag} Beta` } });
    await submitPlugin(dev.token, { name: `${tag} Pending` });

    const res = await cms<{ list: Item[]; search_count: number }>(center, {
      name: tag,
      page: '1',
      limit: '20',
      sortBy: '',
      type: 'plugins',
    });
    expect(res.status).toBe(200);
    expect(res.code).toBe(1);
    expect(res.info.search_count).toBe(2);
    expect(res.info.list.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    const item = res.info.list[0]!;
    expect(item.pc_image).toMatch(/^http:\/\/localhost:\d+\/api\/developer\/file\/market\/img\/.+\.png$/);
    expect(item).toHaveProperty('h5_image', '');
    expect(item).toHaveProperty('pc_preview', '');

    const byName = await cms<{ list: Item[] }>(center, { name: tag, sortBy: 'name', type: 'plugins' });
    expect(byName.info.list.map((i) => i.name)).toEqual([`${tag} Alpha`, `${tag} Beta`]);
    const newest = await cms<{ list: Item[] }>(center, { name: tag, sortBy: 'newest', type: 'plugins' });
    expect(newest.info.list[0]!.id).toBe(b.id);

    const page2 = await cms<{ list: Item[]; search_count: number }>(center, {
      name: tag,
      page: '2',
      limit: '1',
      type: 'plugins',
    });
    expect(page2.info.list).toHaveLength(1);
    expect(page2.info.search_count).toBe(2);
    const beyond = await cms<{ list: Item[]; search_count: number }>(center, {
      name: tag,
      page: '999',
      type: 'plugins',
    });
    expect(beyond.info).toMatchObject({ list: [], search_count: 2 });
    const themes = await cms<{ search_count: number }>(center, { name: tag, type: 'theme' });
    expect(themes.info.search_count).toBe(0);
  });

  it('pages by the limit the CMS sends, up to 100, and takes nonsense values as defaults', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const tag = `Cap${Date.now() % 100000}`;
    await releaseItem(dev, admin, { overrides: { name: `${tag} 0` } });
    await cloneReleased(`${tag} 0`, 101); // 102 in all
    const page = (p: string, limit: string) =>
      cms<{ list: Item[]; search_count: number }>(center, {
        name: tag,
        page: p,
        limit,
        sortBy: '',
        type: 'plugins',
      });
    const hundred = await page('1', '100');
    expect(hundred.info.list).toHaveLength(100);
    expect(hundred.info.search_count).toBe(102);
    expect((await page('2', '100')).info.list).toHaveLength(2);
    const odd = await cms<{ list: Item[]; search_count: number }>(center, {
      name: tag,
      page: '-4',
      limit: '100000',
      sortBy: 'drop table',
      type: 'plugins',
    });
    expect(odd.code).toBe(1);
    expect(odd.info.list).toHaveLength(100);
    expect(odd.info.search_count).toBe(102);
  });

  it('filters by device and by free or paid', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const tag = `Flt${Date.now() % 100000}`;
    const pcPaid = await releaseItem(dev, admin, {
      overrides: { name: `${tag} pc`, device: '2', toll: '1' },
    });
    const mobile = await releaseItem(dev, admin, { overrides: { name: `${tag} h5`, device: '1' } });
    const all = await releaseItem(dev, admin, { overrides: { name: `${tag} all`, device: '0' } });
    const ids = async (form: Record<string, string>) =>
      (await cms<{ list: Item[] }>(center, { name: tag, type: 'plugins', ...form })).info.list
        .map((i) => i.id)
        .sort();
    expect(await ids({ device: '1' })).toEqual([mobile.id, all.id].sort());
    expect(await ids({ device: '2' })).toEqual([pcPaid.id, all.id].sort());
    expect(await ids({ toll: '1' })).toEqual([pcPaid.id]);
    expect(await ids({ toll: '0' })).toEqual([mobile.id, all.id].sort());
  });
});

describe('the CMS admin app market: detail', () => {
  it('answers every field the CMS reads, and the version history oldest first', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    await callApi((await import('@/app/api/user/user_info/route')).POST, {
      json: { type: 'update', name: 'Detail Studio', site: 'https://detail.example.com', email: dev.email },
      token: dev.token,
    });
    const contact = { name: 'Detailed', qq: '123456', wechat: 'studio_wx', lang_list: 'zh-cn,zh-tw,en-us' };
    const { id, folder } = await releaseItem(dev, admin, { overrides: contact });
    // A second version: reviewed while 1.0.0 stays public, then released.
    const own = await callApi<{ detail: { source_key: string; pc_image_key: string } }>(pluginsDetail, {
      json: { id },
      token: dev.token,
    });
    const resubmitted = await callApi(pluginsAdd, {
      form: {
        ...fields({ ...contact, version: '1.1.0' }),
        id: String(id),
        source: own.info.detail.source_key,
        pc_image: own.info.detail.pc_image_key,
      },
      token: dev.token,
    });
    expect(resubmitted.code).toBe(1);
    const during = await cms<Detail>(pluginDetail, { id: String(id) });
    expect(during.info.version_history).toEqual(['1.0.0']);
    await callApi(doAudit, { json: { id, status: 1, version: '1.1.0' }, token: admin.token });
    await callApi(setPublish, { json: { id }, token: dev.token });

    const res = await cms<Detail>(pluginDetail, { id: String(id), type: 'plugins' });
    expect(res.code).toBe(1);
    expect(res.info.detail).toMatchObject({
      id,
      name: 'Detailed',
      user_id: dev.user.user_id,
      user_name: 'Detail Studio',
      user_domain: 'https://detail.example.com',
      describe: 'Does useful things',
      toll: 0,
      file_name: `${folder}.zip`,
      download_num: 0,
      // The CMS prints it as it is: a list a person can read, in each language's own name.
      langs: '简体中文, 繁體中文, English',
      qq: '123456',
      wechat: 'studio_wx',
    });
    expect(res.info.detail.update_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.info.detail.source).toMatch(/^http:\/\/localhost:\d+\/.+\.zip$/);
    expect(res.info.version_history).toEqual(['1.0.0', '1.1.0']);
  });

  it('keeps the developer’s login email out of a theme’s detail, and answers unknown or unreleased ids with a translated failure', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const theme = await releaseItem(dev, admin, { kind: 'theme' });
    const res = await cms<Detail>(themeDetail, { id: String(theme.id) });
    expect(res.info.detail).toMatchObject({ email: '', tel: '' }); // the login email is private

    const pending = await submitPlugin(dev.token);
    for (const [id, lang, msg] of [
      [String(pending.id), 'en-us', 'This item does not exist or is not released'],
      ['987654', 'zh-cn', '该应用不存在或尚未发布'],
      [String(theme.id), 'zh-tw', '該應用不存在或尚未發布'], // a theme id asked as a plugin
    ] as const) {
      // The CMS counts info.version_history whatever code says: the shape it reads comes back, empty.
      const failed = await cms(pluginDetail, { id }, lang);
      expect(failed).toMatchObject({ status: 200, code: 0, msg, info: { detail: {}, version_history: [] } });
    }
    const junk = await cms(pluginDetail, { id: 'abc' });
    expect(junk).toMatchObject({ status: 200, code: 0, info: { detail: {}, version_history: [] } });
  });
});

describe('the CMS admin app market: downloads', () => {
  it('gives a free package that unpacks as the CMS expects, and counts once per client and day', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id, folder } = await releaseItem(dev, admin);
    const first = await cms<Download>(pluginDownload, { id: String(id), type: 'plugins' });
    expect(first).toMatchObject({ code: 1, info: { file_name: `${folder}.zip`, download_num: 1 } });
    expect(first.info.source).toMatch(/^http:\/\/localhost:\d+\/.+\.zip$/);

    const zip = await fetchUrl(first.info.source);
    expect(zip.status).toBe(200);
    const entries = Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())));
    const main = `${folder.charAt(0).toUpperCase()}${folder.slice(1)}.php`;
    expect(entries).toContain(main); // at the root: the CMS extracts into addons/<folder>/
    expect(entries).toContain('info.ini');

    // The CMS calls again after installing (`down_url` + `file_name`): counted as a call, not a new user.
    const ip = '10.20.30.40';
    const again = await callApi<Download>(pluginDownload, {
      form: { id: String(id), type: 'plugins', down_url: first.info.source, file_name: first.info.file_name },
      ip,
    });
    expect(again.info.download_num).toBe(2);
    const same = await callApi<Download>(pluginDownload, { form: { id: String(id), type: 'plugins' }, ip });
    expect(same.info.download_num).toBe(2);
    const device = await callApi<Download>(pluginDownload, {
      form: { id: String(id) },
      ip,
      headers: { 'x-client-id': 'device123' },
    });
    expect(device.info.download_num).toBe(3);
    const detail = await cms<Detail>(pluginDetail, { id: String(id) });
    expect(detail.info.detail.download_num).toBe(3);
  });

  it('never gives out a paid package without a valid code, and its link expires', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id, folder } = await releaseItem(dev, admin, { kind: 'theme', overrides: { toll: '1' } });
    const detail = await cms<Detail>(themeDetail, { id: String(id) });
    expect(detail.info.detail).toMatchObject({ toll: 1, source: '' });

    const none = await cms(themeDownload, { id: String(id), type: 'theme' });
    expect(none).toMatchObject({ code: 0, msg: 'This item is paid: please enter your authorization code' });
    const wrong = await cms(themeDownload, {
      id: String(id),
      type: 'theme',
      license: 'AAAA-BBBB',
      code: 'AAAA-BBBB',
    });
    expect(wrong).toMatchObject({ code: 0, msg: 'The authorization code is not valid for this item' });

    const code = await generateCode(dev.token, id);
    const ok = await cms<Download>(themeDownload, { id: String(id), type: 'theme', license: code, code });
    expect(ok).toMatchObject({ code: 1, info: { file_name: `${folder}.zip` } });
    expect(ok.info.source).toMatch(/\/api\/market\/package\/[A-Za-z0-9_-]{32}\/.+\.zip$/);
    const file = await fetchUrl(ok.info.source);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`${folder}.zip`);

    // The package's own key is not public.
    const owner = await callApi<{ detail: { source: string } }>(
      (await import('@/app/api/developer_theme/theme_detail/route')).POST,
      { json: { id }, token: dev.token },
    );
    expect((await fetchUrl(`http://localhost${owner.info.detail.source}`)).status).toBe(404);

    // The CMS calls again with the link it holds (`down_url` + `file_name`, no code) to count the install.
    const ip = '10.31.0.9';
    const counted = await callApi<Download>(themeDownload, {
      form: { id: String(id), type: 'theme', down_url: ok.info.source, file_name: ok.info.file_name },
      ip,
    });
    expect(counted).toMatchObject({ code: 1, info: { source: ok.info.source } });
    expect(counted.info.download_num).toBe(ok.info.download_num + 1);
    // A link of another item, or a made-up one, is no way around the code.
    const other = await releaseItem(dev, admin, { kind: 'theme', overrides: { toll: '1' } });
    const forged = await cms(themeDownload, { id: String(other.id), down_url: ok.info.source });
    expect(forged).toMatchObject({ code: 0, msg: 'This item is paid: please enter your authorization code' });
    const madeUp = ok.info.source.replace(/package\/[^/]+\//, `package/${'A'.repeat(32)}/`);
    expect((await cms(themeDownload, { id: String(id), down_url: madeUp })).code).toBe(0);

    const { ticketPackage } = await import('@/server/market/store/tickets');
    const token = new URL(ok.info.source).pathname.split('/')[4]!;
    expect(await ticketPackage(token, new Date())).toBeDefined();
    expect(await ticketPackage(token, new Date(Date.now() + 2 * 3600_000))).toBeUndefined();
  });
});

async function generateCode(token: string, id: number): Promise<string> {
  const { POST } = await import('@/app/api/developer/get_auth_code/route');
  const res = await callApi<{ code: string }>(POST, { json: { id }, token });
  return res.info.code;
}

describe('pages out of range', () => {
  it('answer an empty page past the last one, never the first one again', async () => {
    const res = await cms<{ list: Item[]; search_count: number }>(center, { page: '20000', type: 'plugins' });
    expect(res).toMatchObject({ code: 1, info: { list: [] } });
  });
});

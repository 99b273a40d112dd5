import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mainFile } from '@/contract/package-layout';
import { findUserByEmail } from '@/server/accounts/users';
import { siteUrl } from '@/server/config/env';
import { getDb } from '@/server/db/client';
import { apps, downloadTickets } from '@/server/db/schema';
import { generateAuthCode } from '@/server/market/auth-codes';
import { seedDemo } from '@/server/seed/demo';
import { DEMO_ITEMS } from '@/server/seed/market-items';
import { installLikeCms, type Kind, listAll, post } from '../../support/cms/install';
import { php } from '../../support/cms/php';
import { startPortalServer } from '../../support/portal-server';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

/**
 * The CMS's one-click install of every demo item, free and paid, plugins and themes, over real HTTP:
 * once with the steps in TypeScript, once with PHP's own curl and ZipArchive (tests/support/cms).
 */
let server: Awaited<ReturnType<typeof startPortalServer>>;
const sites: string[] = [];
const site = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-site-'));
  sites.push(dir);
  return dir;
};

beforeAll(async () => {
  server = await startPortalServer();
  // Absolute package URLs name the portal's public address: here, the server under test.
  process.env.SITE_URL = server.origin;
  await seedDemo();
}, 300_000);
afterAll(async () => {
  await server?.close();
  for (const dir of sites) fs.rmSync(dir, { recursive: true, force: true });
});

const released = (kind: Kind) =>
  DEMO_ITEMS.filter((i) => i.kind === kind && (!i.end || (typeof i.end === 'object' && 'update' in i.end)));

/** A fresh licence code from the item's developer, for a paid item. */
async function licenceFor(kind: Kind, item: { id: number; name: string; toll: number }) {
  if (!item.toll) return undefined;
  const demo = DEMO_ITEMS.find((d) => d.kind === kind && d.name === item.name);
  const owner = await findUserByEmail(demo!.owner);
  return (await generateAuthCode({ user: owner!, id: item.id })).code;
}

function expectInstalled(kind: Kind, where: string, dir: string) {
  const files = fs.readdirSync(where);
  if (kind === 'plugin') expect(files).toEqual(expect.arrayContaining([mainFile(dir), 'info.ini']));
  else expect(files).toEqual(expect.arrayContaining(['info.ini', 'html']));
  expect(files).not.toContain(dir); // no folder one level too deep
}

describe('the CMS installs what the market serves', () => {
  it('builds package URLs on the address under test', () => {
    expect(siteUrl()).toBe(server.origin);
  });

  it('counts an install once per client and day, though the CMS asks twice', async () => {
    const [item] = (await listAll(server.origin, 'plugin')).filter((i) => !i.toll);
    // The public figure as stored (the detail answer may come from the store's cache).
    const count = async () =>
      (await (await getDb()).select().from(apps).where(eq(apps.id, item!.id)))[0]!.downloadNum;
    const before = await count();
    await installLikeCms({ base: server.origin, root: site(), kind: 'plugin', id: item!.id });
    await post(server.origin, '/api/market_plugins/plugins_download', {
      id: String(item!.id),
      type: 'plugins',
    });
    await installLikeCms({ base: server.origin, root: site(), kind: 'plugin', id: item!.id });
    expect(await count()).toBe(before + 1);
  });

  it('answers a paid link that expired before the install button was clicked so the CMS says so and keeps nothing', async () => {
    const item = (await listAll(server.origin, 'plugin')).find((i) => i.toll)!;
    const licence = await licenceFor('plugin', item);
    const fields = { id: String(item.id), type: 'plugins', license: licence!, code: licence! };
    expect((await post(server.origin, '/api/market_plugins/verify_auth_code', fields)).code).toBe(1);
    const held = await post<{ source: string; file_name: string }>(
      server.origin,
      '/api/market_plugins/plugins_download',
      fields,
    );
    // An hour later: the dialog the licence step opened is still there, its link is not.
    await (await getDb()).update(downloadTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    const root = site();
    const late = await php<{ ok: boolean; error?: string }>('install.php', [
      server.origin,
      root,
      'plugin',
      String(item.id),
      `--link=${held.info.source}`,
      held.info.file_name,
    ]);
    expect(late).toMatchObject({ ok: false, error: '下载失败' });
    expect(fs.readdirSync(path.join(root, 'addons'))).toEqual([]);
    // The CMS appends to a file an earlier failure left: none was left, so the next try installs.
    const again = await php<{ ok: boolean; dir: string; path: string }>('install.php', [
      server.origin,
      root,
      'plugin',
      String(item.id),
      (await licenceFor('plugin', item))!,
    ]);
    expect(again).toMatchObject({ ok: true });
    expectInstalled('plugin', again.path, again.dir);
    // A person opening the dead link in a browser is told why.
    const page = await fetch(held.info.source, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(await page.text()).toMatch(/expired/);
  });

  for (const kind of ['plugin', 'theme'] as const) {
    it(`installs every demo ${kind}, free and paid, with the CMS's steps`, async () => {
      const items = await listAll(server.origin, kind);
      expect(items.map((i) => i.name).sort()).toEqual(
        released(kind)
          .map((i) => i.name)
          .sort(),
      );
      expect(new Set(items.map((i) => i.toll))).toEqual(new Set([0, 1]));
      const root = site();
      for (const item of items) {
        const licence = await licenceFor(kind, item);
        const installed = await installLikeCms({ base: server.origin, root, kind, id: item.id, licence });
        const demo = DEMO_ITEMS.find((d) => d.kind === kind && d.name === item.name)!;
        expect(installed.dir).toBe(demo.folder);
        expectInstalled(kind, installed.path, installed.dir);
      }
    });

    it(`installs every demo ${kind} with PHP's curl and ZipArchive`, async () => {
      const root = site();
      for (const item of await listAll(server.origin, kind)) {
        const licence = await licenceFor(kind, item);
        const args = [server.origin, root, kind, String(item.id)];
        const result = await php<{ ok: boolean; dir: string; path: string; error?: string }>(
          'install.php',
          licence ? [...args, licence] : args,
        );
        expect(result, item.name).toMatchObject({ ok: true });
        expectInstalled(kind, result.path, result.dir);
      }
    });
  }
});

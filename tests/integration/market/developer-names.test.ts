import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { POST as center } from '@/app/api/market/center/route';
import { POST as pluginDetail } from '@/app/api/market_plugins/detail/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import { OPERATIONS } from '@/contract/api/index';
import { env } from '@/server/config/env';
import { getDb } from '@/server/db/client';
import { appVersions, users } from '@/server/db/schema';
import { storeChanged } from '@/server/market/store/cache';
import { seedDemo } from '@/server/seed/demo';
import { DEMO_ACCOUNTS } from '@/server/seed/demo-accounts';
import { arrive, buildRequest, randomIp } from '../../support/api';
import { registerUser } from '../../support/factories';
import { callApi, registerAdmin, releaseItem, submitPlugin } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

type Row = { id: number; user_id: number; user_name: string; user_domain?: string };
const listed = async (lang = 'en-us') =>
  (await callApi<{ list: Row[] }>(center, { form: { type: 'plugins', limit: '100' }, lang })).info.list;
const detailName = async (id: number) =>
  (await callApi<{ detail: { user_name: string } }>(pluginDetail, { form: { id: String(id) } })).info.detail
    .user_name;

describe('a developer name on public items', () => {
  it('is required before the first submission, and is never the login email', async () => {
    const dev = await registerUser({ named: false });
    await expect(submitPlugin(dev.token)).rejects.toThrow(
      'Set a public developer name in your profile before submitting',
    );
    const asEmail = await callApi(userInfo, {
      json: {
        type: 'update',
        name: dev.email.toUpperCase(),
        site: 'https://a.example.com',
        email: dev.email,
      },
      token: dev.token,
      lang: 'en-us',
    });
    expect(asEmail).toMatchObject({
      code: 0,
      msg: 'The developer name is public: it cannot be your login email',
    });
    const named = await callApi(userInfo, {
      json: { type: 'update', name: 'Named Studio', site: 'https://a.example.com', email: dev.email },
      token: dev.token,
    });
    expect(named.code).toBe(1);
    await expect(submitPlugin(dev.token)).resolves.toMatchObject({ id: expect.any(Number) });
  }, 120_000);

  it('follows the profile: a saved name and site reach every item at once', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await releaseItem(dev, admin);
    expect((await listed()).find((i) => i.id === id)?.user_name).toBe(dev.user.name);
    const saved = await callApi(userInfo, {
      json: { type: 'update', name: 'Renamed Studio', site: 'https://renamed.example.com', email: dev.email },
      token: dev.token,
    });
    expect(saved.code).toBe(1);
    expect((await listed()).find((i) => i.id === id)?.user_name).toBe('Renamed Studio');
    expect(await detailName(id)).toBe('Renamed Studio');
  }, 120_000);

  it('replaces login emails on items stored earlier, once, by the migration', async () => {
    const admin = await registerAdmin();
    const named = await registerUser();
    const nameless = await registerUser();
    const a = await releaseItem(named, admin);
    const b = await releaseItem(nameless, admin);
    const db = await getDb();
    // How such rows looked: the email in place of a name, and for one owner no name at all.
    await db.update(users).set({ name: '' }).where(eq(users.id, nameless.user.user_id));
    for (const [item, dev] of [
      [a, named],
      [b, nameless],
    ] as const)
      await db.update(appVersions).set({ userName: dev.email }).where(eq(appVersions.appId, item.id));
    const migration = readFileSync(join(process.cwd(), 'drizzle/market/0005_developer-names.sql'), 'utf8');
    await db.execute(sql.raw(migration));
    storeChanged();
    const rows = await listed();
    expect(rows.find((i) => i.id === a.id)?.user_name).toBe(named.user.name);
    expect(rows.find((i) => i.id === b.id)?.user_name).toBe(`Developer #${nameless.user.user_id}`);
    expect(JSON.stringify(rows)).not.toContain(nameless.email);
  }, 120_000);
});

const APP = join(process.cwd(), 'src/app');

/** Every route file under the app, by the path its operation declares (`[product]` → `{product}`). */
function routeFiles(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === 'route.ts')
        found.set(`/${relative(APP, dir)}`.replace(/\[(?:\.\.\.)?(\w+)\]/g, '{$1}'), full);
    }
  };
  for (const root of ['api', 'yapi', 'dapi', 'resource-api']) walk(join(APP, root));
  return found;
}

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

describe('the public API', () => {
  it('never answers a demo developer’s login email, whatever an anonymous caller or the CMS asks', async () => {
    await seedDemo();
    const items = [
      ...(await listed()).map((i) => ({ id: i.id, kind: 'plugin' })),
      ...(await callApi<{ list: Row[] }>(center, { form: { type: 'theme', limit: '100' } })).info.list.map(
        (i) => ({ id: i.id, kind: 'theme' }),
      ),
    ];
    expect(items.length).toBeGreaterThan(2);
    // Inputs that name the items (each way the calls spell the kind), and none that names an account.
    const payloads: Record<string, string>[] = [
      {},
      { domain: '127.0.0.1', limit: '50', id: '1', key: 'x', code: 'x', email: 'walker@example.com' },
      ...items.flatMap(({ id, kind }) =>
        (kind === 'plugin' ? ['plugins', 'plugin'] : ['theme']).map((type) => ({
          id: String(id),
          bind_id: String(id),
          type,
          limit: '100',
          ac: 'detail',
        })),
      ),
    ];
    const files = routeFiles();
    const emails = DEMO_ACCOUNTS.map((a) => a.email.toLowerCase());
    const walked: string[] = [];
    for (const op of OPERATIONS.filter((o) => o.caller === 'anonymous' || o.caller === 'cms')) {
      const file = files.get(op.path);
      expect(file, op.path).toBeDefined();
      const route = (await import(file!)) as Record<string, Handler>;
      const params: Record<string, string | string[]> = {};
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = name === 'product' ? `${env().PRODUCT}${op.product ?? ''}` : 'x';
        params[name] = name === 'params' || name === 'key' ? [value] : value;
        return value;
      });
      for (const method of op.methods)
        for (const payload of payloads) {
          for (const lang of ['zh-cn', 'en-us']) {
            const query = method === 'GET' ? `?${new URLSearchParams(payload)}` : '';
            const request = buildRequest({
              path: `${path}${query}`,
              method,
              lang,
              ...(method === 'POST' ? { form: payload } : {}),
            });
            const response = await route[method]!(await arrive(request, randomIp()), {
              params: Promise.resolve(params),
            });
            const body = (await response.text()).toLowerCase();
            for (const email of emails)
              expect(body, `${method} ${path} ${JSON.stringify(payload)}`).not.toContain(email);
          }
        }
      walked.push(op.id);
    }
    expect(walked.length).toBeGreaterThan(30);
  }, 300_000);
});

import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as center } from '@/app/api/market/center/route';
import { POST as pluginDetail } from '@/app/api/market_plugins/detail/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import { getDb } from '@/server/db/client';
import { appVersions } from '@/server/db/schema';
import { storeChanged } from '@/server/market/store/cache';
import { registerUser, validProfile } from '../../support/factories';
import { callApi, callMultipart, fields, file, PNG, pluginZip, registerAdmin, releaseItem } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

const XSS = '<img src=x onerror=alert(document.cookie)>';

describe('text the CMS admin prints without escaping', () => {
  it('refuses markup in an item name or description, with the reason', async () => {
    const dev = await registerUser();
    for (const [field, msg] of [
      ['name', 'The name must be plain text, without HTML tags (img, script, …)'],
      [
        'describe',
        'The description must be plain text, without HTML tags (img, script, …): the CMS admin shows it as it is',
      ],
    ] as const) {
      const res = await callMultipart(
        pluginsAdd,
        {
          ...fields({ [field]: field === 'name' ? '<svg onload=alert(1)>' : `Cache ${XSS}` }),
          source: file(pluginZip('tagged'), 'tagged.zip'),
          pc_image: file(PNG, 't.png'),
        },
        { token: dev.token, lang: 'en-us' },
      );
      expect(res).toMatchObject({ code: 0, msg });
    }
    const ok = await callMultipart(
      pluginsAdd,
      {
        ...fields({ name: 'Fast < slow', describe: 'a < b and c > d; I <3 it' }),
        source: file(pluginZip('plain'), 'plain.zip'),
        pc_image: file(PNG, 't.png'),
      },
      { token: dev.token },
    );
    expect(ok.code).toBe(1);
  });

  it('refuses markup in the developer name and a site that is not an http(s) address', async () => {
    const dev = await registerUser();
    const cases: [Record<string, string>, string][] = [
      [{ name: `<svg onload=alert(1)>` }, 'The developer name cannot contain HTML tags (img, script, …)'],
      [{ site: 'javascript:alert(1)' }, 'Please enter a web address starting with http:// or https://'],
      [
        { site: 'https://x.example/"onmouseover="alert(1)' },
        'Please enter a web address starting with http:// or https://',
      ],
    ];
    for (const [override, msg] of cases) {
      const res = await callApi(userInfo, { json: validProfile(override), token: dev.token, lang: 'en-us' });
      expect(res).toMatchObject({ code: 0, msg });
    }
  });

  it('answers the CMS plain text even for rows stored before markup was refused', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await releaseItem(dev, admin);
    const db = await getDb();
    await db
      .update(appVersions)
      .set({
        name: `Old <b>bold</b> ${XSS}`,
        describe: `<script>steal()</script>Fast cache <a href="javascript:x">docs</a>`,
        userName: `<svg/onload=alert(1)>Studio`,
        userDomain: 'javascript:alert(1)',
      })
      .where(eq(appVersions.appId, id));
    storeChanged();

    const list = await callApi<{ list: { id: number; name: string; describe: string; user_name: string }[] }>(
      center,
      { form: { type: 'plugins', limit: '100' } },
    );
    const row = list.info.list.find((i) => i.id === id)!;
    const detail = await callApi<{ detail: Record<string, unknown> }>(pluginDetail, {
      form: { id: String(id) },
    });
    for (const text of [row.name, row.describe, row.user_name, ...Object.values(detail.info.detail)])
      if (typeof text === 'string') expect(text).not.toMatch(/<[a-z!/?]/i);
    expect(row.name).toBe('Old bold ');
    expect(detail.info.detail).toMatchObject({
      describe: 'steal()Fast cache docs',
      user_name: 'Studio',
      user_domain: '',
    });
  });
});

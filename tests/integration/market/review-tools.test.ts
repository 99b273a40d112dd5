import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { POST as setPublish } from '@/app/api/developer/set_publish/route';
import { POST as pluginAudit } from '@/app/api/developer_plugins/do_audit/route';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as pluginAuditList } from '@/app/api/developer_plugins/plugins_audit_list/route';
import { POST as diffRoute } from '@/app/api/review/diff/route';
import { POST as fileRoute } from '@/app/api/review/file/route';
import { POST as filesRoute } from '@/app/api/review/files/route';
import { POST as nextRoute } from '@/app/api/review/next/route';
import type { PackageDiffOutput, PackageFileOutput, PackageFilesOutput } from '@/contract/review';
import { getDb } from '@/server/db/client';
import { appVersions } from '@/server/db/schema';
import { registerUser } from '../../support/factories';
import { queuedFor } from '../../support/mail';
import { callApi, callMultipart, fields, file, PNG, pluginZip, registerAdmin } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

type Listed = { list: { id: number; status: number; name: string }[] };
type Next = { next: { kind: string; id: number; version_id: number; name: string } | null };

let serial = 0;
/** Submits a plugin (a new one, or a new version of `id`) with the given files; answers its ids. */
async function submit(
  token: string,
  options: { id?: number; folder?: string; version?: string; files?: Record<string, string> },
) {
  const folder = options.folder ?? `rev${++serial}${Date.now() % 100000}`;
  const res = await callMultipart<{ id: number; version_id: number }>(
    pluginsAdd,
    {
      ...fields({ name: `Item ${folder}`, version: options.version ?? '1.0.0' }),
      ...(options.id ? { id: String(options.id) } : {}),
      source: file(pluginZip(folder, options.files), `${folder}.zip`),
      pc_image: file(PNG, 'thumb.png'),
    },
    { token, lang: 'en-us' },
  );
  expect(res.code, res.msg).toBe(1);
  return { ...res.info, folder };
}

const approve = (token: string, id: number, version: string, remarks = '') =>
  callApi(pluginAudit, { json: { id, status: 1, version, remarks }, token, lang: 'en-us' });

const versionsOf = async (appId: number) => {
  const db = await getDb();
  return db.select().from(appVersions).where(eq(appVersions.appId, appId)).orderBy(asc(appVersions.id));
};

const className = (folder: string) => `${folder.charAt(0).toUpperCase()}${folder.slice(1)}`;

describe('the review queue', () => {
  it('opens on the items under review, oldest first; other statuses only when asked', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const a = await submit(dev.token, {});
    const b = await submit(dev.token, {});
    const c = await submit(dev.token, {});
    expect((await approve(admin.token, b.id, '1.0.0')).code).toBe(1);

    const queue = await callApi<Listed>(pluginAuditList, { json: {}, token: admin.token });
    expect(queue.info.list.map((i) => i.id)).toEqual([a.id, c.id]);
    const all = await callApi<Listed>(pluginAuditList, { json: { status: '' }, token: admin.token });
    expect(all.info.list.map((i) => i.id)).toEqual([c.id, b.id, a.id]);
    const approved = await callApi<Listed>(pluginAuditList, { json: { status: '1' }, token: admin.token });
    expect(approved.info.list.map((i) => i.id)).toEqual([b.id]);

    // "Save and open next": the oldest waiting item, leaving out the one just decided.
    const first = await callApi<Next>(nextRoute, { json: {}, token: admin.token });
    expect(first.info.next).toMatchObject({ kind: 'plugin', id: a.id, version_id: a.version_id });
    expect((await approve(admin.token, a.id, '1.0.0')).code).toBe(1);
    const second = await callApi<Next>(nextRoute, { json: { exclude: a.id }, token: admin.token });
    expect(second.info.next).toMatchObject({ id: c.id, name: `Item ${c.folder}` });
    const skipping = await callApi<Next>(nextRoute, { json: { exclude: c.id }, token: admin.token });
    expect(skipping.info.next).toBeNull();
    expect((await approve(admin.token, c.id, '1.0.0')).code).toBe(1);
    expect((await callApi<Next>(nextRoute, { json: {}, token: admin.token })).info.next).toBeNull();
  });
});

describe('the package browser', () => {
  it('lists every file with its size and hash and shows a text file as it is', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const page = '<script>alert(1)</script>\n<p>hello</p>\n';
    const item = await submit(dev.token, { files: { 'view/page.html': page, 'logo.bin': 'PK\u0000\u0001' } });
    const listed = await callApi<PackageFilesOutput>(filesRoute, {
      json: { version_id: item.version_id },
      token: admin.token,
    });
    expect(listed.code, listed.msg).toBe(1);
    const paths = listed.info.files.map((f) => f.path).sort();
    expect(paths).toEqual([`${className(item.folder)}.php`, 'info.ini', 'logo.bin', 'view/page.html'].sort());
    const html = listed.info.files.find((f) => f.path === 'view/page.html');
    expect(html).toMatchObject({ size: page.length, binary: false });
    expect(html?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(listed.info.files.find((f) => f.path === 'logo.bin')?.binary).toBe(true);

    const shown = await callApi<PackageFileOutput>(fileRoute, {
      json: { version_id: item.version_id, path: 'view/page.html' },
      token: admin.token,
    });
    expect(shown.info).toMatchObject({ text: page, binary: false, too_large: false, sha256: html?.sha256 });
    const binary = await callApi<PackageFileOutput>(fileRoute, {
      json: { version_id: item.version_id, path: 'logo.bin' },
      token: admin.token,
    });
    expect(binary.info).toMatchObject({ binary: true, text: '' });
    const missing = await callApi(fileRoute, {
      json: { version_id: item.version_id, path: '../info.ini' },
      token: admin.token,
      lang: 'en-us',
    });
    expect([missing.code, missing.msg]).toEqual([0, 'The package has no such file']);
    const tooLong = await callApi(fileRoute, {
      json: { version_id: item.version_id, path: 'a'.repeat(1001) },
      token: admin.token,
      lang: 'en-us',
    });
    expect([tooLong.code, tooLong.msg]).toEqual([0, 'Too long']);
    const noVersion = await callApi(filesRoute, {
      json: { version_id: 999999 },
      token: admin.token,
      lang: 'en-us',
    });
    expect([noVersion.code, noVersion.msg]).toEqual([0, 'This version does not exist']);
  });
});

describe('the diff against the previous approved version', () => {
  it('shows a line planted in an update as added, with added, removed and binary files', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const first = await submit(dev.token, { files: { 'old.txt': 'gone\n', 'logo.bin': 'A\u0000' } });
    expect((await approve(admin.token, first.id, '1.0.0')).code).toBe(1);
    expect((await callApi(setPublish, { json: { id: first.id }, token: dev.token })).code).toBe(1);
    const php = `${className(first.folder)}.php`;
    const original = (await versionsOf(first.id))[0];
    expect(original?.status).toBe(3);
    const body = `<?php\nclass ${className(first.folder)} { public function run() { return 'ok'; } }\n`;
    const planted = "$GLOBALS['planted'] = $_GET['c'];";
    const update = await submit(dev.token, {
      id: first.id,
      folder: first.folder,
      version: '1.1.0',
      files: { [php]: `${body}${planted}\n`, 'new.txt': 'fresh\n', 'logo.bin': 'B\u0000' },
    });
    expect(update.version_id).not.toBe(original?.id);

    const diff = await callApi<PackageDiffOutput>(diffRoute, {
      json: { version_id: update.version_id },
      token: admin.token,
    });
    expect(diff.code, diff.msg).toBe(1);
    expect(diff.info.base).toEqual({ version_id: original?.id, version: '1.0.0' });
    const byPath = new Map(diff.info.files.map((f) => [f.path, f]));
    expect(byPath.get('new.txt')?.change).toBe('added');
    expect(byPath.get('old.txt')?.change).toBe('removed');
    expect(byPath.get('logo.bin')).toMatchObject({ change: 'changed', binary: true, hunks: [] });
    expect(byPath.has('info.ini')).toBe(false);
    expect(diff.info.unchanged).toBe(1);
    const changed = byPath.get(php);
    expect(changed).toMatchObject({ change: 'changed', added: 1, removed: 0 });
    const lines = changed?.hunks.flatMap((h) => h.lines) ?? [];
    expect(lines.filter((l) => l.op !== ' ')).toEqual([{ op: '+', old: 0, new: 3, text: planted }]);
    // The kept lines around the change come along as context.
    expect(lines.filter((l) => l.op === ' ').map((l) => l.text)).toEqual(body.trimEnd().split('\n'));

    // Once the update is approved too, it is still compared with the version approved before it.
    expect((await approve(admin.token, first.id, '1.1.0')).code).toBe(1);
    const after = await callApi<PackageDiffOutput>(diffRoute, {
      json: { version_id: update.version_id },
      token: admin.token,
    });
    expect(after.info.base?.version_id).toBe(original?.id);
    expect(after.info.files.length).toBe(diff.info.files.length);

    // A first version has nothing to compare with: every file is new.
    const fresh = await callApi<PackageDiffOutput>(diffRoute, {
      json: { version_id: first.version_id },
      token: admin.token,
    });
    expect(fresh.info.base).toBeNull();
    expect(fresh.info.files.every((f) => f.change === 'added')).toBe(true);
  });
});

describe('the reviewer tools', () => {
  it('refuse developers and anonymous callers, even for their own package', async () => {
    const dev = await registerUser();
    const item = await submit(dev.token, {});
    const calls = [
      [nextRoute, {}],
      [filesRoute, { version_id: item.version_id }],
      [fileRoute, { version_id: item.version_id, path: 'info.ini' }],
      [diffRoute, { version_id: item.version_id }],
    ] as const;
    for (const [route, json] of calls) {
      const asDeveloper = await callApi(route, { json, token: dev.token });
      expect([asDeveloper.status, asDeveloper.code]).toEqual([403, 0]);
      expect(asDeveloper.info).toBeFalsy();
      const anonymous = await callApi(route, { json });
      expect([anonymous.status, anonymous.code]).toEqual([401, 0]);
    }
  });
});

describe('the result mail', () => {
  it('carries the reviewer’s remark and links to the item itself', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const item = await submit(dev.token, {});
    expect((await approve(admin.token, item.id, '2.0.0', 'Please drop the debug log next time')).code).toBe(
      1,
    );
    const [mail] = await queuedFor(dev.email, 'review');
    expect(mail?.text).toContain('审核备注：Please drop the debug log next time');
    // An absolute link to this item's view in the developer centre, not just to the centre.
    const link = new RegExp(`https?://[^\\s/]+/market/devCenter\\?detail=${item.id}#detail\\s`);
    expect(mail?.text).toMatch(link);
    expect(mail?.html).toContain(`/market/devCenter?detail=${item.id}#detail"`);
  });
});

import { eq, sql } from 'drizzle-orm';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { POST as pluginDownload } from '@/app/api/market_plugins/plugins_download/route';
import { mainFile } from '@/contract/package-layout';
import { getDb } from '@/server/db/client';
import { appVersions, uploads } from '@/server/db/schema';
import { cleanMarket } from '@/server/market/maintenance-job';
import { repackStoredPackages } from '@/server/market/repack-stored';
import { storage } from '@/server/storage';
import { twoEndRecords } from '../../fixtures/zips/hostile';
import { registerUser } from '../../support/factories';
import { logged } from '../../support/logs';
import { callApi, registerAdmin, releaseItem, storedFiles } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

const enc = (s: string) => new TextEncoder().encode(s);

/** Turns a released item back into what an earlier portal stored: a zip of `<folder>/`, no layout mark. */
async function makeLegacy(id: number, folder: string) {
  const db = await getDb();
  const [v] = await db.select().from(appVersions).where(eq(appVersions.appId, id));
  const cls = `${folder.charAt(0).toUpperCase()}${folder.slice(1)}`;
  const legacy = zipSync({
    [`${folder}/${cls}.php`]: enc(`<?php class ${cls} {}`),
    [`${folder}/info.ini`]: enc(`name = ${folder}`),
    [`${folder}/static/app.js`]: enc('console.log(1)'),
  });
  await storage().put(v!.packageKey, legacy, 'application/zip');
  await db.execute(sql`update ${appVersions} set report = report - 'layout' - 'sha256' where id = ${v!.id}`);
  return v!.packageKey;
}

async function served(id: number) {
  const res = await callApi<{ source: string; file_name: string }>(pluginDownload, {
    form: { id: String(id) },
  });
  const key = new URL(res.info.source).pathname.replace('/api/developer/file/', '');
  const file = await storage().read(key);
  return {
    key,
    files: Object.keys(unzipSync(new Uint8Array(await new Response(file!.stream).arrayBuffer()))),
  };
}

describe('packages stored before the root layout', () => {
  it('are repacked once, served at the root, and their old files go with the next clean-up', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id, folder } = await releaseItem(dev, admin);
    const oldKey = await makeLegacy(id, folder);

    const first = await repackStoredPackages();
    expect(first).toMatchObject({ repacked: 1, more: false });
    expect(logged('package repacked').map((l) => l.from)).toContain(oldKey);
    const now = await served(id);
    expect(now.key).not.toBe(oldKey);
    expect(now.files.sort()).toEqual([mainFile(folder), 'info.ini', 'static/app.js'].sort());

    const db = await getDb();
    const [v] = await db.select().from(appVersions).where(eq(appVersions.appId, id));
    expect(v!.report.layout).toBe('root');
    expect(v!.report.checks.at(-1)).toEqual({ level: 'warn', key: 'migrated', params: { folder } });
    expect(v!.packageSize).toBe((await storage().read(now.key))!.size);

    // Idempotent: nothing left to do, nothing rewritten.
    expect(await repackStoredPackages()).toMatchObject({ repacked: 0, root: 0, unreadable: 0 });
    expect((await served(id)).key).toBe(now.key);

    // The old file outlives every node's cached address, then goes with the unused upload row.
    expect(storedFiles()).toContain(oldKey);
    await db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(uploads.key, oldKey));
    await cleanMarket(new Date());
    expect(storedFiles()).not.toContain(oldKey);
    expect(storedFiles()).toContain(now.key);
  });

  it('marks a package already at the root, and one it cannot read, without touching them again', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const fine = await releaseItem(dev, admin);
    const broken = await releaseItem(dev, admin);
    const db = await getDb();
    await db.execute(
      sql`update ${appVersions} set report = report - 'layout' where app_id in (${fine.id}, ${broken.id})`,
    );
    const [b] = await db.select().from(appVersions).where(eq(appVersions.appId, broken.id));
    await storage().put(b!.packageKey, enc('not a zip at all'), 'application/zip');

    expect(await repackStoredPackages()).toMatchObject({ repacked: 0, root: 1, unreadable: 1 });
    expect(logged('cannot be read').map((l) => l.key)).toContain(b!.packageKey);
    const marks = await db
      .select({ app: appVersions.appId, layout: sql<string>`report ->> 'layout'` })
      .from(appVersions)
      .where(sql`${appVersions.appId} in (${fine.id}, ${broken.id})`);
    expect(Object.fromEntries(marks.map((m) => [m.app, m.layout]))).toEqual({
      [fine.id]: 'root',
      [broken.id]: 'unreadable',
    });
    expect(await repackStoredPackages()).toMatchObject({ repacked: 0, root: 0, unreadable: 0 });
  });
});

describe('packages stored before packages were served rebuilt', () => {
  it('are rebuilt once from the entries read; one that reads two ways is marked and logged', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const honest = await releaseItem(dev, admin);
    const hostile = await releaseItem(dev, admin);
    const db = await getDb();
    const version = async (id: number) =>
      (await db.select().from(appVersions).where(eq(appVersions.appId, id)))[0]!;
    // What an earlier portal stored: the upload as it came (here with a comment), no reading mark.
    const files = { [mainFile(honest.folder)]: enc('<?php class X {}'), 'info.ini': enc('name = x') };
    const before = await version(honest.id);
    await storage().put(before.packageKey, zipSync(files, { comment: 'built by hand' }), 'application/zip');
    const evil = await version(hostile.id);
    await storage().put(evil.packageKey, twoEndRecords(), 'application/zip');
    await db.execute(
      sql`update ${appVersions} set report = report - 'reading' where app_id in (${honest.id}, ${hostile.id})`,
    );

    expect(await repackStoredPackages()).toMatchObject({ repacked: 1, root: 0, unreadable: 1 });
    const now = await served(honest.id);
    expect(now.key).not.toBe(before.packageKey);
    expect(now.files.sort()).toEqual(Object.keys(files).sort());
    const bytes = new Uint8Array(await new Response((await storage().read(now.key))!.stream).arrayBuffer());
    // One end record, at the end, with no comment.
    expect(Buffer.from(bytes).indexOf(Buffer.from([0x50, 0x4b, 5, 6]))).toBe(bytes.length - 22);
    const after = await version(honest.id);
    expect(after.report).toMatchObject({ reading: 'one', layout: 'root', size: bytes.length });
    expect(after.report.checks.at(-1)).toEqual({
      level: 'warn',
      key: 'rebuilt',
      params: { folder: honest.folder },
    });

    expect((await version(hostile.id)).report.reading).toBe('unreadable');
    expect(logged('cannot be read').map((l) => l.key)).toContain(evil.packageKey);
    expect(await repackStoredPackages()).toMatchObject({ repacked: 0, root: 0, unreadable: 0 });
  });
});

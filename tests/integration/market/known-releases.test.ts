import { zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { POST as importRoute } from '@/app/api/review/known_import/route';
import { POST as releasesRoute } from '@/app/api/review/known_releases/route';
import type { KnownReleasesOutput } from '@/contract/review';
import { applyPublicChange } from '@/server/cache/change-bus';
import { getDb } from '@/server/db/client';
import { knownFiles, knownReleases } from '@/server/db/schema';
import { knownLibrary } from '@/server/market/validate/known-files';
import { registerUser } from '../../support/factories';
import { callApi, callMultipart, file, pluginZip, registerAdmin, uploadFile } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

const enc = (s: string) => new TextEncoder().encode(s);

/** A library whose one file runs what a request sends: held in any package, unless known. */
const RUNNER = "<?php\nnamespace Lib;\n\nfunction run()\n{\n    eval($_POST['code']);\n}\n";
const LOADER = `<?php\nnamespace Lib;\n\nclass Loader\n{\n${Array.from({ length: 30 }, (_, i) => `    public $field${i} = ${i};`).join('\n')}\n}\n`;
const release = () =>
  zipSync({
    'lib-1.0/src/Runner.php': enc(RUNNER),
    'lib-1.0/src/Loader.php': enc(LOADER),
    'lib-1.0/README.md': enc('# Lib\n'),
  });

const importRelease = (token: string, bytes: Uint8Array, library = 'Lib', version = '1.0', lang = 'en-us') =>
  callMultipart<KnownReleasesOutput>(
    importRoute,
    { library, version, file: file(bytes, 'lib-1.0.zip') },
    { token, lang },
  );
const listReleases = (token: string) =>
  callApi<KnownReleasesOutput>(releasesRoute, { json: {}, token, lang: 'en-us' });

let folders = 0;
/** Uploads a plugin carrying the library under vendor/ (its Loader changed when asked); answers the report. */
async function scanPlugin(token: string, loader = LOADER) {
  const folder = `kn${++folders}${Date.now() % 100000}`;
  const zip = pluginZip(folder, { 'vendor/lib/src/Runner.php': RUNNER, 'vendor/lib/src/Loader.php': loader });
  const res = await uploadFile(token, file(zip, `${folder}.zip`), 'source');
  expect(res.code, res.msg).toBe(1);
  const checks = res.info.report.checks as { level: string; key: string; text: string }[];
  return { held: res.info.report.held, checks };
}

/** A zip whose second file's bytes do not match its checksum: it reads up to that file, then fails. */
function damagedRelease() {
  const zip = zipSync(
    { 'lib-2.0/src/Runner.php': enc(RUNNER), 'lib-2.0/src/Broken.php': enc('<?php // BROKEN-HERE\n') },
    { level: 0 },
  );
  const at = Buffer.from(zip).indexOf('BROKEN-HERE');
  zip[at] = 'X'.charCodeAt(0);
  return zip;
}

describe('known library releases at /api/review/known_import and /api/review/known_releases', () => {
  it('are for administrators only', async () => {
    const dev = await registerUser();
    const refused = await importRelease(dev.token, release());
    expect([refused.status, refused.code]).toEqual([403, 0]);
    const listed = await listReleases(dev.token);
    expect([listed.status, listed.code]).toEqual([403, 0]);
    const anonymous = await callApi(releasesRoute, { json: {}, lang: 'en-us' });
    expect(anonymous.code).toBe(0);
    expect(anonymous.status).not.toBe(200);
    const admin = await registerAdmin();
    expect((await listReleases(admin.token)).info.list.filter((r) => r.library === 'Lib')).toEqual([]);
  });

  it('refuse an archive they cannot read, in the caller language, and write nothing', async () => {
    const admin = await registerAdmin();
    const before = (await listReleases(admin.token)).info.list;
    const notZip = await importRelease(admin.token, enc('not an archive'), 'Bad', '1.0');
    expect([notZip.code, notZip.msg]).toEqual([
      0,
      'This release archive cannot be read: upload the zip or tar.gz as published',
    ]);
    const damaged = await importRelease(admin.token, damagedRelease(), 'Bad', '2.0', 'zh-cn');
    expect([damaged.code, damaged.msg]).toEqual([0, '无法读取这个发布包：请上传原样的 zip 或 tar.gz 文件']);
    const badName = await importRelease(admin.token, release(), '../etc', '1.0');
    expect(badName.code).toBe(0);
    expect(badName.msg).toContain("Enter the library's name");
    expect((await listReleases(admin.token)).info.list).toEqual(before);
    const db = await getDb();
    expect(await db.select().from(knownFiles)).toHaveLength(before.reduce((n, r) => n + r.files, 0));
  });

  it('make the scan trust identical files and hold a changed copy, from the import on, until removed', async () => {
    const admin = await registerAdmin();
    const dev = await registerUser();
    const planted = LOADER.replace('$field3 = 3;', '$field3 = 3; public function x() { return `$_GET[c]`; }');

    // Before the import the library's own eval is suspicious like any other.
    const unknown = await scanPlugin(dev.token);
    expect(unknown.held).toBe(true);
    expect(unknown.checks.some((c) => c.key === 'knownRelease')).toBe(false);

    const imported = await importRelease(admin.token, release());
    expect([imported.code, imported.msg]).toEqual([1, 'Imported']);
    expect(imported.info.list).toContainEqual(
      expect.objectContaining({ library: 'Lib', version: '1.0', files: 3 }),
    );
    // Importing the same library and version again replaces it.
    const reimported = (await importRelease(admin.token, release())).info.list.filter(
      (r) => r.library === 'Lib',
    );
    expect(reimported).toHaveLength(1);

    const known = await scanPlugin(dev.token);
    expect(known.held).toBe(false);
    expect(known.checks).toContainEqual(expect.objectContaining({ level: 'pass', key: 'knownRelease' }));

    const changed = await scanPlugin(dev.token, planted);
    expect(changed.held).toBe(true);
    expect(changed.checks).toContainEqual(
      expect.objectContaining({
        level: 'hold',
        key: 'scan.modifiedKnown',
        text: expect.stringContaining(
          'vendor/lib/src/Loader.php is a changed copy of Lib 1.0 src/Loader.php',
        ),
      }),
    );

    const id = reimported[0]!.id;
    const removed = await callApi<KnownReleasesOutput>(releasesRoute, {
      json: { action: 'remove', id },
      token: admin.token,
      lang: 'en-us',
    });
    expect([removed.code, removed.msg]).toEqual([1, 'Removed']);
    expect(removed.info.list.some((r) => r.library === 'Lib')).toBe(false);
    expect((await scanPlugin(dev.token)).held).toBe(true);
    const again = await callApi(releasesRoute, {
      json: { action: 'remove', id },
      token: admin.token,
      lang: 'en-us',
    });
    expect([again.code, again.msg]).toEqual([0, 'This release no longer exists']);
  });

  it('reach the scan when another node imports them, once its change arrives', async () => {
    const dev = await registerUser();
    expect((await scanPlugin(dev.token)).held).toBe(true);
    // Another node's import: rows in the shared database, and a NOTIFY that arrives a moment later.
    const lib = knownLibrary('Lib', '1.0', [
      { path: 'src/Runner.php', bytes: enc(RUNNER) },
      { path: 'src/Loader.php', bytes: enc(LOADER) },
    ]);
    const db = await getDb();
    const [row] = await db
      .insert(knownReleases)
      .values({ library: lib.library, version: lib.version, files: lib.files.length })
      .returning({ id: knownReleases.id });
    await db.insert(knownFiles).values(lib.files.map((f) => ({ releaseId: row!.id, ...f })));
    // Until then this node's scan keeps the index it read (no query per check).
    expect((await scanPlugin(dev.token)).held).toBe(true);
    applyPublicChange(['known']);
    expect((await scanPlugin(dev.token)).held).toBe(false);
  });
});

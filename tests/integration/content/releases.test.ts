import { createHash } from 'node:crypto';
import { unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as download } from '@/app/api/release/download/route';
import { GET as latest } from '@/app/api/release/latest/route';
import type { ReleaseView } from '@/contract/content';
import { addRelease } from '@/server/content/add-release';
import { listReleases, pickDownloads } from '@/server/content/list-releases';
import { seedContent } from '@/server/seed/content';
import { storage } from '@/server/storage';
import { buildRequest, callApi } from '../../support/api';

const fetchPackage = (id: number | string, lang = 'en-us') =>
  download(buildRequest({ method: 'GET', path: `/api/release/download?id=${id}`, lang }));

beforeAll(async () => {
  await seedContent();
  await seedContent();
});

describe('releases', () => {
  it('seeds each demo package once, as a real zip', async () => {
    const all = await listReleases({ locale: 'zh-cn' });
    const keys = all.map((r) => `${r.edition}/${r.kind}/${r.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    const { install, upgrades } = pickDownloads(all);
    expect(install?.edition).toBe('pro');
    expect(install?.version).toBe('2025.1000.4052');
    expect(upgrades.map((u) => u.edition).sort()).toEqual(['pro', 'v10', 'v8']);
  });

  it('answers the latest install package and one upgrade per edition to the home page', async () => {
    type Latest = { install: ReleaseView; upgrades: ReleaseView[] };
    const res = await callApi<Latest>(latest, { method: 'GET', path: '/api/release/latest', lang: 'en-us' });
    expect(res.code).toBe(1);
    expect(res.info.install.version).toBe('2025.1000.4052');
    expect(res.info.install.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(res.info.install.notes).toMatch(/install package/i);
    expect(res.info.upgrades).toHaveLength(3);
  });

  it('shows notes written only in Simplified Chinese in Traditional to a zh-tw visitor', async () => {
    const simplified = pickDownloads(await listReleases({ locale: 'zh-cn' })).install!;
    const traditional = pickDownloads(await listReleases({ locale: 'zh-tw' })).install!;
    expect(simplified.notes).toMatch(/安装/);
    expect(traditional.notes).not.toBe(simplified.notes);
    expect(traditional.notes).toMatch(/安裝/);
    expect(traditional.notes).not.toMatch(/安装/);
  });

  it('serves the file with its name and size, matching the SHA-256 shown, and counts it', async () => {
    const { install } = pickDownloads(await listReleases({ locale: 'en-us' }));
    const res = await fetchPackage(install!.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(install!.file_name);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBe(install!.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(install!.sha256);
    expect(Object.keys(unzipSync(bytes)).some((name) => name.endsWith('README.txt'))).toBe(true);
    const after = (await listReleases({ locale: 'en-us' })).find((r) => r.id === install!.id);
    expect(after?.downloads).toBe(install!.downloads + 1);
  });

  it('does not count a download whose reader left before the last byte', async () => {
    const { install } = pickDownloads(await listReleases({ locale: 'en-us' }));
    const res = await fetchPackage(install!.id);
    expect(res.status).toBe(200);
    await res.body!.cancel();
    const after = (await listReleases({ locale: 'en-us' })).find((r) => r.id === install!.id);
    expect(after?.downloads).toBe(install!.downloads);
  });

  it('answers a clear failure for unknown ids, bad ids and a missing file', async () => {
    for (const [id, status] of [
      ['999999', 404],
      ['abc', 400],
      ['-3', 400],
      ['', 400],
    ] as const) {
      const res = await fetchPackage(id);
      expect(res.status, id).toBe(status); // a browser following the link must not save this as a .zip
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = (await res.json()) as { code: number; msg: string };
      expect(body.code, id).toBe(0);
      expect(body.msg).toMatch(/package/i);
    }
    const row = await addRelease({
      edition: 'v8',
      kind: 'install',
      version: '0.0.1-test',
      notes: {},
      fileName: 'gone.zip',
      bytes: zipSync({ 'a.txt': new Uint8Array([1, 2, 3]) }),
    });
    await storage().delete(row.fileKey);
    const gone = await fetchPackage(row.id);
    expect(gone.status).toBe(404);
    const body = (await gone.json()) as { code: number; msg: string };
    expect(body.code).toBe(0);
    expect(body.msg).toMatch(/missing/);
  });

  it('refuses a file that is not a zip, and the same version twice', async () => {
    const args = { edition: 'v10', kind: 'install', version: '9.9.9', notes: {}, fileName: 'a.zip' } as const;
    await expect(addRelease({ ...args, bytes: new Uint8Array([1]) })).rejects.toThrow(
      'content.release.notZip',
    );
    await addRelease({ ...args, bytes: zipSync({ 'a.txt': new Uint8Array([1]) }) });
    await expect(addRelease({ ...args, bytes: zipSync({ 'b.txt': new Uint8Array([2]) }) })).rejects.toThrow(
      'content.release.exists',
    );
  });
});

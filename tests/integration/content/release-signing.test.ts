import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as download } from '@/app/api/release/download/route';
import { GET as latest } from '@/app/api/release/latest/route';
import { GET as signature } from '@/app/api/release/signature/route';
import { GET as publicKey } from '@/app/maccms-release.pub/route';
import type { ReleaseView } from '@/contract/content';
import { listReleases } from '@/server/content/list-releases';
import { runReleaseAdd } from '@/server/content/release-cli';
import { signatureStorageKey } from '@/server/content/release-signing';
import { getDb } from '@/server/db/client';
import { releases } from '@/server/db/schema';
import { seedContent } from '@/server/seed/content';
import { storage } from '@/server/storage';
import { buildRequest, callApi } from '../../support/api';

// The owner's key, made with OpenSSL as docs/releases.md says, before anything reads the configuration.
const dir = vi.hoisted(() => {
  const made = require('node:fs').mkdtempSync(
    require('node:path').join(require('node:os').tmpdir(), 'signing-'),
  );
  const keyFile = require('node:path').join(made, 'maccms-release.key');
  require('node:child_process').execFileSync('openssl', [
    'genpkey',
    '-algorithm',
    'ed25519',
    '-out',
    keyFile,
  ]);
  process.env.RELEASE_SIGNING_KEY_FILE = keyFile;
  return made as string;
});

const get = (route: (r: Request) => Promise<Response>, p: string) =>
  route(buildRequest({ method: 'GET', path: p, lang: 'en-us' }));

/** What a site owner holding a package from anywhere does: save the three files, run openssl. */
function verify(folder: string, packageName: string) {
  return spawnSync(
    'openssl',
    [
      'pkeyutl',
      '-verify',
      '-pubin',
      '-inkey',
      'maccms-release.pub',
      '-rawin',
      '-in',
      packageName,
      '-sigfile',
      `${packageName}.sig`,
    ],
    { cwd: folder, encoding: 'utf8' },
  );
}

/** Downloads a release, its signature and the portal's public key into a fresh folder. */
async function downloadAll(release: ReleaseView) {
  const folder = fs.mkdtempSync(path.join(dir, 'owner-'));
  const pkg = await get(download, release.download_url);
  expect(pkg.status).toBe(200);
  const bytes = new Uint8Array(await pkg.arrayBuffer());
  const sig = await get(signature, release.signature_url);
  expect(sig.status).toBe(200);
  expect(sig.headers.get('content-disposition')).toContain(`${release.file_name}.sig`);
  const key = await publicKey();
  expect(key.status).toBe(200);
  fs.writeFileSync(path.join(folder, release.file_name), bytes);
  fs.writeFileSync(path.join(folder, `${release.file_name}.sig`), new Uint8Array(await sig.arrayBuffer()));
  fs.writeFileSync(path.join(folder, 'maccms-release.pub'), await key.text());
  return { folder, bytes, fingerprint: key.headers.get('x-key-fingerprint') };
}

beforeAll(async () => {
  await seedContent();
});

describe('signed releases', () => {
  it('lets a site owner verify the package the portal served with openssl and the published key', async () => {
    type Latest = { install: ReleaseView; upgrades: ReleaseView[] };
    const res = await callApi<Latest>(latest, { method: 'GET', path: '/api/release/latest', lang: 'en-us' });
    const install = res.info.install;
    const { folder, bytes } = await downloadAll(install);
    const result = verify(folder, install.file_name);
    expect(result.stdout + result.stderr).toContain('Signature Verified Successfully');
    expect(result.status).toBe(0);
    // The package itself is untouched: the SHA-256 the updater and the market compare still holds.
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(install.sha256);
    // The key published is the public half of the owner's key, and nothing more.
    const published = fs.readFileSync(path.join(folder, 'maccms-release.pub'), 'utf8');
    const owners = execFileSync(
      'openssl',
      ['pkey', '-in', process.env.RELEASE_SIGNING_KEY_FILE!, '-pubout'],
      {
        encoding: 'utf8',
      },
    );
    expect(published).toBe(owners);
    expect(published).not.toMatch(/PRIVATE/);
  });

  it('shows a changed package, e.g. from a mirror that added a backdoor, as not official', async () => {
    const [release] = await listReleases({ locale: 'en-us' });
    const { folder, bytes } = await downloadAll(release!);
    const changed = new Uint8Array(bytes);
    changed[changed.length - 30]! ^= 0xff;
    fs.writeFileSync(path.join(folder, release!.file_name), changed);
    const result = verify(folder, release!.file_name);
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toContain('Signature Verification Failure');
  });

  it('signs every seeded release', async () => {
    for (const release of await listReleases({ locale: 'zh-cn' })) {
      const { folder } = await downloadAll(release);
      expect(verify(folder, release.file_name).status).toBe(0);
    }
  });

  it('signs a release published before signing existed at the next release:add', async () => {
    const [older] = await listReleases({ locale: 'en-us' });
    const row = (await (await getDb()).select().from(releases)).find((r) => r.id === older!.id)!;
    await storage().delete(signatureStorageKey(row.fileKey));
    const missing = await get(signature, older!.signature_url);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('no signature yet');

    const file = path.join(dir, 'maccms-v8-upgrade.zip');
    fs.writeFileSync(file, zipSync({ 'maccms/README.txt': new TextEncoder().encode('v8 fix') }));
    const lines: string[] = [];
    const code = await runReleaseAdd(
      ['--edition', 'v8', '--kind', 'upgrade', '--version', '2022.1000.3099', '--file', file],
      { log: (l) => lines.push(l), error: (l) => lines.push(l) },
    );
    expect(code).toBe(0);
    expect(lines.join('\n')).toContain('Signed 1 earlier release as well');
    const added = (await listReleases({ locale: 'en-us' })).find((r) => r.version === '2022.1000.3099')!;
    const { folder: newFolder, fingerprint } = await downloadAll(added);
    expect(verify(newFolder, added.file_name).status).toBe(0);
    expect(lines.join('\n')).toContain(`release key ${fingerprint}`);
    const { folder } = await downloadAll(older!);
    expect(verify(folder, older!.file_name).status).toBe(0);
  });
});

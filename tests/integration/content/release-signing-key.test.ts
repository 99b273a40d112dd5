import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { listReleases } from '@/server/content/list-releases';
import { runReleaseAdd } from '@/server/content/release-cli';
import { storage } from '@/server/storage';

// An owner who pointed the variable at the wrong key: an RSA one, as older guides make.
const dir = vi.hoisted(() => {
  const made = require('node:fs').mkdtempSync(
    require('node:path').join(require('node:os').tmpdir(), 'signing-'),
  );
  const keyFile = require('node:path').join(made, 'rsa.key');
  require('node:child_process').execFileSync('openssl', ['genpkey', '-algorithm', 'rsa', '-out', keyFile]);
  process.env.RELEASE_SIGNING_KEY_FILE = keyFile;
  return made as string;
});

describe('a release signing key that cannot sign', () => {
  it('stops the release with a message naming the variable, and publishes nothing half-way', async () => {
    const file = path.join(dir, 'maccms-pro-install.zip');
    fs.writeFileSync(file, zipSync({ 'maccms/README.txt': new TextEncoder().encode('pro') }));
    const run = runReleaseAdd(
      ['--edition', 'pro', '--kind', 'install', '--version', '2025.1000.4099', '--file', file],
      { log: () => {}, error: () => {} },
    );
    await expect(run).rejects.toThrow(
      /RELEASE_SIGNING_KEY_FILE: .*rsa\.key holds a key of type rsa, not an Ed25519 one/,
    );
    expect(await listReleases({ locale: 'en-us' })).toEqual([]);
    const stored: string[] = [];
    for await (const key of storage().list()) stored.push(key);
    expect(stored).toEqual([]);
  });
});

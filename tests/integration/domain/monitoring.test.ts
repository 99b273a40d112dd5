import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as injectList } from '@/app/dapi/[product]/inject_site_list/route';
import type { InjectListInfo } from '@/contract/domain';
import { getDb } from '@/server/db/client';
import { domainChecks, domainSites } from '@/server/db/schema';
import { checkSiteInject } from '@/server/domain/check-site-inject';
import { domainRecheckJob, recheckDueSites } from '@/server/domain/recheck-job';
import { CHECKS_KEPT, recordCheck } from '@/server/domain/record-check';
import { runIfDue } from '@/server/jobs/scheduler';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';

process.env.FETCH_ALLOW_PRIVATE = 'true';

/** A site whose infection and reachability the test switches; it counts the page fetches. */
function startSite() {
  const site = { infected: true, spidersDropped: false, pageHits: 0, url: '', server: http.createServer() };
  site.server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url !== '/') return res.writeHead(404).end();
    if (site.spidersDropped && /spider|bot/i.test(req.headers['user-agent'] ?? '')) {
      return req.socket.destroy(); // this profile cannot complete its visit
    }
    site.pageHits++;
    const payload = site.infected ? '<script src="https://zz.bdustatic.com/a.js"></script>' : '';
    res.end(`<html><head><title>t</title></head><body>${payload}</body></html>`);
  });
  return site;
}
type Site = ReturnType<typeof startSite>;

const sites: Site[] = [];
async function newSite(): Promise<Site> {
  const site = startSite();
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}/`;
  sites.push(site);
  return site;
}
afterAll(() => Promise.all(sites.map((s) => new Promise((r) => s.server.close(r)))));

const stats = async () =>
  (await callApi<InjectListInfo>(withProduct(injectList, 'maccmspro'), { json: {} })).info;
const HOUR = 3600_000;
const PROFILES = 10;

let site: Site;
beforeAll(async () => {
  site = await newSite();
});
beforeEach(() => {
  site.pageHits = 0;
});

describe('monitoring: re-checks, repaired after two clean checks, re-infection', () => {
  it('moves a site through injected → still injected after one clean check → repaired → re-infected', async () => {
    const t0 = new Date();
    await checkSiteInject({ input: site.url, locale: 'en-us', now: t0 });
    expect(await stats()).toMatchObject({ today_new: 1, total_injected: 1, today_repaired: 0, monitored: 1 });

    site.infected = false;
    expect(await recheckDueSites(new Date(t0.getTime() + HOUR))).toBe(0); // not due yet
    expect(await recheckDueSites(new Date(t0.getTime() + 7 * HOUR))).toBe(1);
    expect((await stats()).today_repaired).toBe(0); // one clean check is not enough

    await checkSiteInject({ input: site.url, locale: 'en-us' });
    const repaired = await stats();
    expect(repaired.today_repaired).toBe(1);
    expect(repaired.total_injected).toBe(1);
    expect(repaired.list[0]).toMatchObject({ url: site.url, state: 'repaired' });

    site.infected = true;
    await checkSiteInject({ input: site.url, locale: 'en-us' });
    const again = await stats();
    expect(again.today_new).toBe(1);
    expect(again.list[0]).toMatchObject({ url: site.url, state: 'injected' });
  });

  it('does not count a clean check that some profiles could not complete towards the repair', async () => {
    const other = await newSite();
    await checkSiteInject({ input: other.url, locale: 'en-us' });
    const before = await stats();
    other.infected = false;
    other.spidersDropped = true;
    const partial = await checkSiteInject({ input: other.url, locale: 'en-us' });
    expect(partial.profiles.filter((p) => p.error)).toHaveLength(6);
    await checkSiteInject({ input: other.url, locale: 'en-us' });
    expect((await stats()).today_repaired).toBe(before.today_repaired); // two partial checks: still injected

    other.spidersDropped = false;
    await checkSiteInject({ input: other.url, locale: 'en-us' });
    expect((await stats()).today_repaired).toBe(before.today_repaired);
    await checkSiteInject({ input: other.url, locale: 'en-us' });
    expect((await stats()).today_repaired).toBe(before.today_repaired + 1);
  });
});

describe('stored checks', () => {
  it('keeps the latest 20 checks of a site with their evidence, not every check ever made', async () => {
    const scan = {
      url: 'http://127.0.0.1:9/', // nothing listens: a later re-check fails at once
      findings: [],
      redirects: [],
      profiles: [{ name: 'desktop', status: 200, error: '' }],
      assetsScanned: 0,
      status: 'clean' as const,
      cuts: [],
      hosts: [],
      staticFiles: [],
    };
    let last = 0;
    for (let i = 0; i < CHECKS_KEPT + 5; i++) {
      last = (await recordCheck({ host: '127.0.0.1:9', url: scan.url, scan, now: new Date() })).checkId;
    }
    const db = await getDb();
    const rows = await db
      .select({ id: domainChecks.id })
      .from(domainChecks)
      .innerJoin(domainSites, eq(domainSites.id, domainChecks.siteId))
      .where(eq(domainSites.host, '127.0.0.1:9'));
    expect(rows).toHaveLength(CHECKS_KEPT);
    expect(rows.map((r) => r.id)).toContain(last);
  });
});

describe('the scheduled re-check runs once, however many nodes run it', () => {
  it('lets one of several simultaneous runs of the job through', async () => {
    const now = new Date(Date.now() + 30 * 24 * HOUR); // every site is due by then
    const runs = await Promise.all([runIfDue(domainRecheckJob, now), runIfDue(domainRecheckJob, now)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(site.pageHits).toBe(PROFILES); // the one run checked the site once
  });

  it('checks each due site once even when runs overlap (claimed sites are skipped)', async () => {
    const later = new Date(Date.now() + 60 * 24 * HOUR);
    const checked = await Promise.all([
      recheckDueSites(later),
      recheckDueSites(later),
      recheckDueSites(later),
    ]);
    expect(checked.reduce((a, b) => a + b, 0)).toBe(sites.length);
    expect(site.pageHits).toBe(PROFILES);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkInject } from '@/app/dapi/[product]/check_site_inject/route';
import { POST as startInject } from '@/app/dapi/[product]/start_site_inject/route';
import type { CheckStartInfo, InjectAnswer } from '@/contract/domain';
import { getDb } from '@/server/db/client';
import { domainChecks, domainSites } from '@/server/db/schema';
import { FRESH_MINUTES, RUNS_PER_SITE_PER_HOUR } from '@/server/domain/ask-site-check';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';
import { type SiteName, type Sites, startSites } from '../../support/inject-sites';

// The sites live on 127.0.0.1; the static pass alone is enough to count what reaches them.
process.env.FETCH_ALLOW_PRIVATE = 'true';
process.env.INJECT_BROWSER = 'off';

let sites: Sites;
beforeAll(async () => {
  sites = await startSites();
});
afterAll(() => sites.close());

const check = (name: SiteName, recheck = false, lang = 'en-us') =>
  callApi<InjectAnswer>(withProduct(checkInject, 'maccmspro'), {
    json: { domain: sites.url(name), recheck },
    lang,
  });
const pageFetches = (name: SiteName) => sites.traffic(name).paths.filter((p) => p === '/').length;
const host = (name: SiteName) => new URL(sites.url(name)).host;

/** The site's stored checks. */
async function storedChecks(name: SiteName) {
  const db = await getDb();
  return db
    .select({ id: domainChecks.id })
    .from(domainChecks)
    .innerJoin(domainSites, eq(domainSites.id, domainChecks.siteId))
    .where(eq(domainSites.host, host(name)));
}

/** Makes the site's stored checks look `minutes` older, as if checked that long ago. */
async function age(name: SiteName, minutes: number) {
  const db = await getDb();
  const [site] = await db
    .select()
    .from(domainSites)
    .where(eq(domainSites.host, host(name)));
  await db
    .update(domainChecks)
    .set({ checkedAt: sql`${domainChecks.checkedAt} - make_interval(mins => ${minutes})` })
    .where(eq(domainChecks.siteId, site!.id));
}

describe('the cost of an injected-code check, per target site', () => {
  it(`answers a site checked within ${FRESH_MINUTES} minutes from its stored result, with its age, without fetching it again`, async () => {
    const first = await check('clean');
    expect(first.code).toBe(1);
    expect(first.info.age_seconds).toBeLessThan(60);
    const fetched = pageFetches('clean');
    expect(fetched).toBe(10); // once per profile

    await age('clean', 5);
    const second = await check('clean');
    expect(second.code).toBe(1);
    expect(second.info.check_time).toBe(first.info.check_time - 5 * 60);
    expect(second.info.age_seconds).toBeGreaterThanOrEqual(5 * 60);
    expect(second.info.age_seconds).toBeLessThan(6 * 60);
    expect(pageFetches('clean')).toBe(fetched);
    expect(await storedChecks('clean')).toHaveLength(1);

    // The page's way in answers the same stored result at once, with no run to follow.
    const started = await callApi<CheckStartInfo>(withProduct(startInject, 'maccmspro'), {
      json: { domain: sites.url('clean') },
      lang: 'en-us',
    });
    expect(started.info.check_id).toBe('');
    expect(started.info.result?.age_seconds).toBeGreaterThanOrEqual(5 * 60);
    expect(pageFetches('clean')).toBe(fetched);
    // The scan thread's first start, on a shared machine.
  }, 120_000);

  it('checks a site again once its stored result is older than that', async () => {
    const before = pageFetches('clean');
    await age('clean', FRESH_MINUTES);
    const res = await check('clean');
    expect(res.info.age_seconds).toBeLessThan(60);
    expect(pageFetches('clean')).toBe(before + 10);
    expect(await storedChecks('clean')).toHaveLength(2);
  });

  it('runs an explicit re-check, but two asked at once run once', async () => {
    await check('mentionsIndicator');
    const once = pageFetches('mentionsIndicator');
    const [a, b] = await Promise.all([check('mentionsIndicator', true), check('mentionsIndicator', true)]);
    expect(a.code).toBe(1);
    expect(b.code).toBe(1);
    expect(a.info.check_time).toBe(b.info.check_time);
    expect(pageFetches('mentionsIndicator')).toBe(2 * once);
    expect(await storedChecks('mentionsIndicator')).toHaveLength(2);
  });

  it(`runs at most ${RUNS_PER_SITE_PER_HOUR} checks of a site an hour, then answers the latest with its age`, async () => {
    for (let i = 0; i < RUNS_PER_SITE_PER_HOUR; i++) {
      const res = await check('spiderOnly', true);
      expect(res.code).toBe(1);
    }
    const ran = pageFetches('spiderOnly');
    await age('spiderOnly', 20);
    const refused = await check('spiderOnly', true, 'zh-cn');
    expect(refused.code).toBe(1);
    expect(refused.info.age_seconds).toBeGreaterThanOrEqual(20 * 60);
    expect(refused.info.findings.length).toBeGreaterThan(0);
    expect(pageFetches('spiderOnly')).toBe(ran);
    expect(await storedChecks('spiderOnly')).toHaveLength(RUNS_PER_SITE_PER_HOUR);
  });
});

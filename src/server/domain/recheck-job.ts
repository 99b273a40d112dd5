import 'server-only';
import { and, asc, isNotNull, lte } from 'drizzle-orm';
import { getDb } from '../db/client';
import { domainSites } from '../db/schema';
import type { Job } from '../jobs/scheduler';
import { defaultPolicy } from '../net/safe-fetch';
import { runScan } from './check-site-inject';
import { recordCheck } from './record-check';

/** Sites re-checked per run: each check fetches a site under ten profiles. */
const PER_RUN = 10;

/** Re-checks due sites (injected ones first) so repairs and re-infections show in the counters. */
export async function recheckDueSites(now: Date, policy = defaultPolicy()) {
  const db = await getDb();
  const due = await db
    .select({ host: domainSites.host, url: domainSites.url })
    .from(domainSites)
    .where(and(isNotNull(domainSites.nextCheckAt), lte(domainSites.nextCheckAt, now)))
    .orderBy(asc(domainSites.nextCheckAt))
    .limit(PER_RUN);
  let checked = 0;
  for (const site of due) {
    try {
      const scan = await runScan(new URL(site.url), policy);
      await recordCheck({ host: site.host, url: site.url, scan, now: new Date() });
      checked++;
    } catch (error) {
      // An unreachable site proves nothing either way: try again at the next run.
      console.warn(`[domain] re-check of ${site.host} failed`, (error as Error).message);
    }
  }
  return checked;
}

export const domainRecheckJob: Job = {
  name: 'domain-recheck',
  everyMs: 10 * 60_000,
  leaseMs: 10 * 60_000,
  run: async (now) => {
    await recheckDueSites(now);
  },
};

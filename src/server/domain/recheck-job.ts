import 'server-only';
import { and, asc, inArray, isNotNull, lte } from 'drizzle-orm';
import { getDb } from '../db/client';
import { domainSites } from '../db/schema';
import type { Job } from '../jobs/scheduler';
import { defaultPolicy } from '../net/safe-fetch';
import { runScan } from './check-site-inject';
import { recordCheck } from './record-check';

/** Sites re-checked per run: each check fetches a site under ten profiles. */
const PER_RUN = 10;
/** How long a claimed site is left alone if its re-check never finishes (a node died, the site hung). */
const CLAIM_MS = 30 * 60_000;

/**
 * Takes the due sites for this node in one statement: their next check moves past the claim, so
 * another node (or an overlapping run) skips them; rows another node is claiming are skipped too.
 */
async function claimDueSites(now: Date) {
  const db = await getDb();
  const due = db
    .select({ id: domainSites.id })
    .from(domainSites)
    .where(and(isNotNull(domainSites.nextCheckAt), lte(domainSites.nextCheckAt, now)))
    .orderBy(asc(domainSites.nextCheckAt))
    .limit(PER_RUN)
    .for('update', { skipLocked: true });
  return db
    .update(domainSites)
    .set({ nextCheckAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(domainSites.id, due))
    .returning({ host: domainSites.host, url: domainSites.url });
}

/** Re-checks due sites (the longest-waiting first) so repairs and re-infections show in the counters. */
export async function recheckDueSites(now: Date, policy = defaultPolicy()) {
  let checked = 0;
  for (const site of await claimDueSites(now)) {
    try {
      const scan = await runScan(new URL(site.url), policy);
      await recordCheck({ host: site.host, url: site.url, scan, now: new Date() });
      checked++;
    } catch (error) {
      // An unreachable site proves nothing either way: it is tried again once the claim lapses.
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

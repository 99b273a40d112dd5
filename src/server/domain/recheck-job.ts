import 'server-only';
import { and, asc, inArray, isNotNull, lte, notInArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { domainSites } from '../db/schema';
import type { Job } from '../jobs/scheduler';
import { logFor } from '../log';
import { defaultPolicy } from '../net/safe-fetch';
import { recheckUnderBounds } from './ask-site-check';
import { runScan } from './check-site-inject';
import { previousHosts, recordCheck } from './record-check';

const log = logFor('domain');

/** Sites re-checked per run: each check fetches a site under ten profiles. */
const PER_RUN = 10;
/**
 * How long a claimed site is left alone if its re-check never finishes (a node died): a little more
 * than one check may take (the clients' 20 s), since sites are claimed one at a time.
 */
const CLAIM_MS = 2 * 60_000;

/**
 * Takes the next due site for this node in one statement: its next check moves past the claim, so
 * another node (or an overlapping run) skips it; a row another node is claiming is skipped too.
 */
async function claimDueSite(now: Date, done: number[]) {
  const db = await getDb();
  const due = db
    .select({ id: domainSites.id })
    .from(domainSites)
    .where(
      and(
        isNotNull(domainSites.nextCheckAt),
        lte(domainSites.nextCheckAt, now),
        done.length ? notInArray(domainSites.id, done) : undefined,
      ),
    )
    .orderBy(asc(domainSites.nextCheckAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return db
    .update(domainSites)
    .set({ nextCheckAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(domainSites.id, due))
    .returning({ id: domainSites.id, host: domainSites.host, url: domainSites.url })
    .then((rows) => rows[0]);
}

/** Re-checks due sites (the longest-waiting first) so repairs and re-infections show in the counters. */
export async function recheckDueSites(now: Date, policy = defaultPolicy()) {
  let checked = 0;
  const started = Date.now();
  const done: number[] = []; // a site is checked at most once per run, whatever its next check says
  for (let n = 0; n < PER_RUN; n++) {
    // One clock for the claim and the record: the run's `now`, moved on by the time it has taken.
    const at = () => new Date(now.getTime() + (Date.now() - started));
    const site = await claimDueSite(at(), done);
    if (!site) break;
    done.push(site.id);
    try {
      // Under the per-site bounds of any check: a site someone is checking now, or that has had its
      // runs this hour, is left for a later round (its claim lapses), not waited for.
      const ran = await recheckUnderBounds(site.host, async (progress) => {
        const scan = await runScan(new URL(site.url), policy, await previousHosts(site.host), progress);
        const checkedAt = at();
        await recordCheck({ host: site.host, url: site.url, scan, now: checkedAt });
        return { scan, checkedAt };
      });
      if (ran) checked++;
      else
        log.info(
          { host: site.host },
          're-check left for a later round: the site is being checked or had its runs',
        );
    } catch (error) {
      // An unreachable site proves nothing either way: it is tried again once the claim lapses.
      log.warn({ host: site.host, error: (error as Error).message }, 're-check failed');
    }
  }
  return checked;
}

export const domainRecheckJob: Job = {
  name: 'domain-recheck',
  everyMs: 10 * 60_000,
  run: async (now) => {
    await recheckDueSites(now);
  },
};

import 'server-only';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { publicChanged } from '../cache/public-changed';
import { env } from '../config/env';
import { getDb } from '../db/client';
import { domainChecks, domainSites } from '../db/schema';
import { notifyDomainStatus } from '../mail/domain-watch';
import { metrics } from '../ops/metrics';
import type { ScanResult } from './inject/scan-site';

type State = 'clean' | 'injected' | 'repaired';

/** After how many consecutive clean checks an injected site counts as repaired. */
export const CLEAN_CHECKS_TO_REPAIR = 2;
/** Stored checks kept per site (each holds its evidence); older ones are dropped. */
export const CHECKS_KEPT = 20;

/**
 * Stores one finished check and moves the site's state: injected on first detection or
 * re-infection (which is what "new today" counts), repaired only after two clean checks in a row,
 * each under all profiles: a check some profiles could not complete, or that a limit cut short,
 * proves nothing clean.
 */
export async function recordCheck(args: { host: string; url: string; scan: ScanResult; now: Date }) {
  const { host, url, scan, now } = args;
  const injected = scan.status === 'injected';
  const complete = scan.profiles.every((p) => !p.error) && scan.cuts.length === 0;
  const hours = env().DOMAIN_RECHECK_HOURS;
  metrics().scans.inc({ verdict: scan.status });
  const db = await getDb();
  const stored = await db.transaction(async (tx) => {
    await tx.insert(domainSites).values({ host, url, lastCheckedAt: now }).onConflictDoNothing();
    const [site] = await tx.select().from(domainSites).where(eq(domainSites.host, host)).for('update');
    if (!site) throw new Error(`site ${host} vanished`);
    const next = nextState(site.state, site.cleanStreak, injected, complete);
    const becameInjected = injected && site.state !== 'injected';
    const becameRepaired = next.state === 'repaired' && site.state !== 'repaired';
    // Watchers are mailed without holding up the check (the mail module never throws).
    if (becameInjected || becameRepaired) void notifyDomainStatus(host, next.state);
    await tx
      .update(domainSites)
      .set({
        url,
        state: next.state,
        cleanStreak: next.cleanStreak,
        everInjected: site.everInjected || injected,
        infectedAt: becameInjected ? now : site.infectedAt,
        repairedAt: becameRepaired ? now : site.repairedAt,
        lastCheckedAt: now,
        nextCheckAt: new Date(now.getTime() + (next.state === 'injected' ? hours : hours * 4) * 3600_000),
      })
      .where(eq(domainSites.id, site.id));
    const [check] = await tx
      .insert(domainChecks)
      .values({ siteId: site.id, injected, result: scan, checkedAt: now })
      .returning({ id: domainChecks.id });
    const kept = tx
      .select({ id: domainChecks.id })
      .from(domainChecks)
      .where(eq(domainChecks.siteId, site.id))
      .orderBy(desc(domainChecks.checkedAt), desc(domainChecks.id))
      .limit(CHECKS_KEPT);
    await tx
      .delete(domainChecks)
      .where(and(eq(domainChecks.siteId, site.id), notInArray(domainChecks.id, kept)));
    return { checkId: check!.id, state: next.state };
  });
  // The counters and the site's record on the checks page must show this check at once.
  await publicChanged(['domain']);
  return stored;
}

export function nextState(state: State, cleanStreak: number, injected: boolean, complete = true) {
  if (injected) return { state: 'injected' as const, cleanStreak: 0 };
  if (!complete) return { state, cleanStreak };
  if (state !== 'injected') return { state, cleanStreak: cleanStreak + 1 };
  const streak = cleanStreak + 1;
  return streak >= CLEAN_CHECKS_TO_REPAIR
    ? { state: 'repaired' as const, cleanStreak: streak }
    : { state: 'injected' as const, cleanStreak: streak };
}

/** The other sites' hosts the site loaded in its latest stored check (null when it has none). */
export async function previousHosts(host: string): Promise<Set<string> | null> {
  const db = await getDb();
  const [row] = await db
    .select({ result: domainChecks.result })
    .from(domainChecks)
    .innerJoin(domainSites, eq(domainSites.id, domainChecks.siteId))
    .where(eq(domainSites.host, host))
    .orderBy(desc(domainChecks.checkedAt), desc(domainChecks.id))
    .limit(1);
  const hosts = (row?.result as { hosts?: unknown } | undefined)?.hosts;
  return Array.isArray(hosts) ? new Set(hosts.filter((h): h is string => typeof h === 'string')) : null;
}

/** A site's latest stored check and when it ran (null when it has none). */
export async function latestCheck(host: string): Promise<{ scan: ScanResult; checkedAt: Date } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ result: domainChecks.result, checkedAt: domainChecks.checkedAt })
    .from(domainChecks)
    .innerJoin(domainSites, eq(domainSites.id, domainChecks.siteId))
    .where(eq(domainSites.host, host))
    .orderBy(desc(domainChecks.checkedAt), desc(domainChecks.id))
    .limit(1);
  return row ? { scan: row.result as ScanResult, checkedAt: row.checkedAt } : null;
}

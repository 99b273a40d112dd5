import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { SiteHistoryInfo } from '@/contract/domain';
import type { Locale } from '@/contract/locales';
import { getDb } from '../db/client';
import { domainChecks, domainSites } from '../db/schema';
import type { ScanResult } from './inject/scan-site';
import { presentInject } from './present-inject';
import { CHECKS_KEPT } from './record-check';
import { parseTarget } from './target';
import { timeText, unixSeconds } from './time';

/** The host a check is stored under, from what a visitor typed or a shared link holds. */
export const siteHost = (input: string) => parseTarget(input).host.toLowerCase();

/**
 * A site's stored injected-code checks, for the link a result can be shared by: the latest in full,
 * as the check answered it, and every stored one in brief, newest first. A site never checked
 * answers `unchecked` with no checks, not an error: the page offers to check it.
 */
export async function siteHistory(input: string, locale: Locale): Promise<SiteHistoryInfo> {
  const host = siteHost(input);
  const db = await getDb();
  const [site] = await db.select().from(domainSites).where(eq(domainSites.host, host)).limit(1);
  if (!site) return { domain: host, url: '', state: 'unchecked', latest: null, checks: [] };
  const rows = await db
    .select({
      result: domainChecks.result,
      injected: domainChecks.injected,
      checkedAt: domainChecks.checkedAt,
    })
    .from(domainChecks)
    .where(eq(domainChecks.siteId, site.id))
    .orderBy(desc(domainChecks.checkedAt), desc(domainChecks.id))
    .limit(CHECKS_KEPT);
  const checks = rows.map((r) => ({ scan: r.result as ScanResult, injected: r.injected, at: r.checkedAt }));
  const first = checks[0];
  return {
    domain: host,
    url: site.url,
    state: site.state,
    latest: first ? presentInject(first.scan, first.at, locale) : null,
    checks: checks.map(({ scan, injected, at }) => ({
      // Checks stored by older versions may lack a field: the column says what was found.
      status: scan.status ?? (injected ? 'injected' : 'clean'),
      findings: Array.isArray(scan.findings) ? scan.findings.length : 0,
      check_time: unixSeconds(at),
      check_time_text: timeText(at),
    })),
  };
}

import 'server-only';
import { count, desc, eq, gte, isNotNull, type SQL } from 'drizzle-orm';
import type { InjectListInfo } from '@/contract/domain';
import { getDb } from '../db/client';
import { domainSites } from '../db/schema';
import { startOfChinaDay, timeText, unixSeconds } from './time';

/** The four counters and the sites most recently found injected, all from stored checks. */
export async function injectSiteList({ limit, now }: { limit: number; now: Date }): Promise<InjectListInfo> {
  const db = await getDb();
  const today = startOfChinaDay(now);
  const countWhere = async (where?: SQL) => {
    const [row] = await db.select({ n: count() }).from(domainSites).where(where);
    return row?.n ?? 0;
  };
  const [todayNew, todayRepaired, total, monitored] = await Promise.all([
    countWhere(gte(domainSites.infectedAt, today)),
    countWhere(gte(domainSites.repairedAt, today)),
    countWhere(eq(domainSites.everInjected, true)),
    countWhere(),
  ]);
  const recent = await db
    .select({
      host: domainSites.host,
      url: domainSites.url,
      state: domainSites.state,
      infectedAt: domainSites.infectedAt,
    })
    .from(domainSites)
    .where(isNotNull(domainSites.infectedAt))
    .orderBy(desc(domainSites.infectedAt))
    .limit(limit);
  return {
    today_new: todayNew,
    today_repaired: todayRepaired,
    total_injected: total,
    monitored,
    list: recent.map((r) => ({
      domain: r.host,
      url: r.url,
      state: r.state === 'repaired' ? ('repaired' as const) : ('injected' as const),
      detect_time: unixSeconds(r.infectedAt!),
      detect_time_text: timeText(r.infectedAt!),
    })),
  };
}

import 'server-only';
import { and, eq, gte, inArray, sum } from 'drizzle-orm';
import { getDb } from '../db/client';
import { appVersions, downloadDays } from '../db/schema';
import { statsDay } from './store/count-download';

export const CHART_DAYS = 30;

/**
 * The developer centre's download figures for a set of items: all-time totals (every call, and
 * unique clients per day), today's per item, and a per-version series over the last 30 days.
 */
export async function downloadStats(appIds: number[], now: Date) {
  const db = await getDb();
  const days = Array.from({ length: CHART_DAYS }, (_, i) =>
    statsDay(new Date(now.getTime() - (CHART_DAYS - 1 - i) * 86_400_000)),
  );
  const ids = appIds.length ? appIds : [0];
  const [[totals], recent] = await Promise.all([
    db
      .select({ downloads: sum(downloadDays.downloads), uniques: sum(downloadDays.uniques) })
      .from(downloadDays)
      .where(inArray(downloadDays.appId, ids)),
    db
      .select({ d: downloadDays, version: appVersions.version })
      .from(downloadDays)
      .innerJoin(appVersions, eq(appVersions.id, downloadDays.versionId))
      .where(and(inArray(downloadDays.appId, ids), gte(downloadDays.day, days[0] ?? '')))
      .orderBy(downloadDays.versionId),
  ]);
  const today = new Map<number, number>();
  const series = new Map<
    number,
    { id: number; version_id: number; version: string; data: number[]; unique: number[] }
  >();
  for (const { d, version } of recent) {
    const at = days.indexOf(d.day);
    if (at < 0) continue;
    if (d.day === days.at(-1)) today.set(d.appId, (today.get(d.appId) ?? 0) + d.downloads);
    let s = series.get(d.versionId);
    if (!s) {
      s = {
        id: d.appId,
        version_id: d.versionId,
        version,
        data: days.map(() => 0),
        unique: days.map(() => 0),
      };
      series.set(d.versionId, s);
    }
    s.data[at] = d.downloads;
    s.unique[at] = d.uniques;
  }
  return {
    total: Number(totals?.downloads ?? 0),
    unique: Number(totals?.uniques ?? 0),
    today,
    days,
    series: [...series.values()],
  };
}

import 'server-only';
import { and, count, eq, gte } from 'drizzle-orm';
import { getDb } from '../db/client';
import { resourceStations, resourceVideos } from '../db/schema';

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Midnight of `now`'s day in China time, the day the portal's dates are shown in. */
export const startOfChinaDay = (now: Date) =>
  new Date(Math.floor((now.getTime() + CHINA_OFFSET_MS) / 86_400_000) * 86_400_000 - CHINA_OFFSET_MS);

/** /resource totals: all videos, and those updated today, from approved stations. */
export async function libraryStats({ now = new Date() }: { now?: Date } = {}) {
  const db = await getDb();
  const base = db
    .select({ n: count() })
    .from(resourceVideos)
    .innerJoin(resourceStations, eq(resourceStations.id, resourceVideos.stationId));
  const approved = eq(resourceStations.status, 1);
  const [[all], [today]] = await Promise.all([
    base.where(approved),
    db
      .select({ n: count() })
      .from(resourceVideos)
      .innerJoin(resourceStations, eq(resourceStations.id, resourceVideos.stationId))
      .where(and(approved, gte(resourceVideos.updatedAt, startOfChinaDay(now)))),
  ]);
  return { total: all?.n ?? 0, today: today?.n ?? 0 };
}

import 'server-only';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Locale } from '@/contract/locales';
import { getDb } from '../db/client';
import { resourceStations, resourceTypes, resourceVideos, users } from '../db/schema';
import { presentStation } from './present-station';

/**
 * Stations for the developer's list (`userId`) or the administrator's review (`userId` absent),
 * newest first, with the owner and the number of collected videos. Answers `list` and `total`.
 */
export async function listStations({
  userId,
  status,
  page,
  limit,
  locale,
}: {
  userId?: number;
  status?: number;
  page: number;
  limit: number;
  locale: Locale;
}) {
  const db = await getDb();
  const filters: SQL[] = [];
  if (userId !== undefined) filters.push(eq(resourceStations.userId, userId));
  if (status !== undefined) filters.push(eq(resourceStations.status, status));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(resourceStations).where(where);
  const videos = db
    .select({ stationId: resourceVideos.stationId, n: count().as('n') })
    .from(resourceVideos)
    .groupBy(resourceVideos.stationId)
    .as('videos');
  const rows = await db
    .select({ station: resourceStations, type: resourceTypes, user: users, videos: videos.n })
    .from(resourceStations)
    .innerJoin(resourceTypes, eq(resourceTypes.id, resourceStations.typeId))
    .innerJoin(users, eq(users.id, resourceStations.userId))
    .leftJoin(videos, eq(videos.stationId, resourceStations.id))
    .where(where)
    .orderBy(desc(resourceStations.createdAt), desc(resourceStations.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const list = rows.map((r) =>
    presentStation({
      station: r.station,
      type: r.type,
      locale,
      videos: Number(r.videos ?? 0),
      owner: { user_id: r.user.id, name: r.user.name, email: r.user.email },
    }),
  );
  return { list, total };
}

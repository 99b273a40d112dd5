import 'server-only';
import { asc, count, eq } from 'drizzle-orm';
import type { Locale } from '@/contract/locales';
import { STATION_STATUS } from '@/contract/resource';
import { getDb } from '../db/client';
import { resourceStations, resourceTypes, resourceVideos } from '../db/schema';
import { presentStation } from './present-station';

/** The public directory of approved stations: what they offer and how their last collection went. */
export async function listDirectory({ locale }: { locale: Locale }) {
  const db = await getDb();
  const videos = db
    .select({ stationId: resourceVideos.stationId, n: count().as('n') })
    .from(resourceVideos)
    .groupBy(resourceVideos.stationId)
    .as('videos');
  const rows = await db
    .select({ station: resourceStations, type: resourceTypes, videos: videos.n })
    .from(resourceStations)
    .innerJoin(resourceTypes, eq(resourceTypes.id, resourceStations.typeId))
    .leftJoin(videos, eq(videos.stationId, resourceStations.id))
    .where(eq(resourceStations.status, STATION_STATUS.approved))
    .orderBy(asc(resourceStations.id))
    .limit(200);
  return rows.map((r) => {
    const s = presentStation({ station: r.station, type: r.type, locale, videos: Number(r.videos ?? 0) });
    // Public view: no review remarks, no probe internals.
    const { remarks: _r, probe: _p, status: _s, audit_time: _a, ...pub } = s;
    return pub;
  });
}
export type DirectoryEntry = Awaited<ReturnType<typeof listDirectory>>[number];

import 'server-only';
import { sql } from 'drizzle-orm';
import { type PlayerSetup, playerSetup, STATION_STATUS } from '@/contract/resource';
import { memoCache } from '../cache/memo';
import { getDb } from '../db/client';
import { resourceStations, resourceVideos } from '../db/schema';

const cache = memoCache('library-players', { ttlMs: 60_000, maxEntries: 4, tags: ['library'] });

/**
 * The play-source codes the portal's library serves (what its videos' `vod_play_from` hold, per
 * approved station), each with the player a site owner must have for the CMS to keep those sources.
 */
export const libraryPlayers = (): Promise<PlayerSetup[]> =>
  cache.get('all', async () => {
    const db = await getDb();
    const result = await db.execute(sql`
      select code, min(s.name) as name, bool_or(s.support_m3u8) as m3u8
      from (select distinct station_id, play_from from ${resourceVideos}) v
      join ${resourceStations} s on s.id = v.station_id and s.status = ${STATION_STATUS.approved}
      cross join lateral unnest(string_to_array(v.play_from, '$$$')) as code
      where code <> ''
      group by code order by code`);
    const rows = (result as unknown as { rows: { code: string; name: string; m3u8: boolean }[] }).rows;
    return rows.map((r) => playerSetup(r.code, r.name, Boolean(r.m3u8)));
  });

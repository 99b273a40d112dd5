import 'server-only';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { resourceVideos } from '../db/schema';
import type { VodItem } from './format/types';
import { normaliseItem } from './normalize';

export type Station = { id: number; typeId: number; playerCode: string };

/**
 * Stores one page of entries in one transaction. An entry whose fields did not change keeps its
 * update time, so `h` (updated within h hours) stays meaningful downstream.
 */
export async function storeVideos({
  station,
  items,
  now,
}: {
  station: Station;
  items: VodItem[];
  now: Date;
}) {
  const rows = items
    .map((item) => normaliseItem(item, station.typeId, station.playerCode))
    .filter((row) => row.name !== '' && row.remoteId !== '');
  if (rows.length === 0) return { stored: 0, skipped: items.length };
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const hash = createHash('sha1').update(JSON.stringify(row)).digest('hex');
      await tx
        .insert(resourceVideos)
        .values({ ...row, stationId: station.id, hash, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [resourceVideos.stationId, resourceVideos.remoteId],
          set: { ...row, hash, updatedAt: now },
          setWhere: sql`${resourceVideos.hash} <> excluded.hash`,
        });
    }
  });
  return { stored: rows.length, skipped: items.length - rows.length };
}

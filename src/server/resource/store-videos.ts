import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, getDb } from '../db/client';
import { resourceStations, resourceVideos } from '../db/schema';
import type { VodItem } from './format/types';
import { normaliseItem } from './normalize';

export type Station = { id: number; typeId: number; playerCode: string };

/** Where a page belongs in the station's collection under way: its number and the collection's start. */
export type PageCursor = { page: number; since: Date };

/**
 * Stores one page of entries in one transaction. An entry whose fields did not change keeps its
 * update time, so `h` (updated within h hours) stays meaningful downstream. With a `cursor`, the
 * same transaction records the page as the collection's last one stored: a node that takes the
 * collection over never fetches it again, and never misses a page stored without it.
 */
export async function storeVideos({
  station,
  items,
  now,
  cursor,
}: {
  station: Station;
  items: VodItem[];
  now: Date;
  cursor?: PageCursor;
}) {
  const rows = items
    .map((item) => normaliseItem(item, station.typeId, station.playerCode))
    .filter((row) => row.name !== '' && row.remoteId !== '');
  if (rows.length === 0 && !cursor) return { stored: 0, skipped: items.length };
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
    if (cursor) await advanceCursor(tx as unknown as Db, station.id, cursor);
  });
  return { stored: rows.length, skipped: items.length - rows.length };
}

/**
 * Only the collection that started at `since` moves its cursor: a node that stalled, lost its claim
 * and wakes up after the collection was completed by another one changes nothing.
 */
async function advanceCursor(db: Db, stationId: number, { page, since }: PageCursor) {
  await db
    .update(resourceStations)
    .set({ collectedPage: page })
    .where(and(eq(resourceStations.id, stationId), eq(resourceStations.collectingSince, since)));
}

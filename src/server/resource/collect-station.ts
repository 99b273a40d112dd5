import 'server-only';
import { and, eq } from 'drizzle-orm';
import { STATION_STATUS } from '@/contract/resource';
import { publicChanged } from '../cache/public-changed';
import { getDb } from '../db/client';
import { resourceStations } from '../db/schema';
import type { FetchOptions } from '../net/safe-fetch';
import { failureReason, fetchPage, stationUrl } from './fetch-page';
import { importCollection } from './import-collection';

/** Pages read per run; a larger station's collection goes on from the next page in the next run. */
export const MAX_PAGES_PER_RUN = 50;
export const COLLECT_EVERY_MS = 60 * 60_000;
const BACKOFF_BASE_MS = 5 * 60_000;
const BACKOFF_MAX_MS = 24 * 60 * 60_000;

export const backoffMs = (errorCount: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, errorCount - 1), BACKOFF_MAX_MS);

/**
 * Collects one approved station page by page (`ac=videolist&pg=`), incrementally with `h` after a
 * first full run. Each page's entries are stored with the page's number (the station's cursor), so
 * a collection left by a node that died, by a failure, or by the per-run page cap goes on after the
 * last page stored, never fetching a stored page again. A failure keeps what was stored; the
 * station records it and waits out its backoff. A collection that completes clears the cursor and
 * counts as a success from the time it started: entries changed while it ran are in the next `h`.
 */
export async function collectStation({
  stationId,
  now = new Date(),
  fetchOptions = {},
}: {
  stationId: number;
  now?: Date;
  fetchOptions?: FetchOptions;
}) {
  const db = await getDb();
  const [station] = await db.select().from(resourceStations).where(eq(resourceStations.id, stationId));
  if (!station || station.status !== STATION_STATUS.approved) return { ok: false, stored: 0, pages: 0 };
  // `h` counts from the last success to now even when resuming: the station reads it from its own
  // now, and the pages still to read hold the oldest entries of the window.
  const hours = station.lastSuccessAt
    ? Math.ceil((now.getTime() - station.lastSuccessAt.getTime()) / 3_600_000) + 1
    : undefined;
  const resumed = station.collectingSince !== null && station.collectedPage > 0;
  const since = resumed ? (station.collectingSince as Date) : now;
  const first = resumed ? station.collectedPage + 1 : 1;
  if (!resumed)
    await db
      .update(resourceStations)
      .set({ collectingSince: since, collectedPage: 0 })
      .where(eq(resourceStations.id, stationId));
  // What this run writes about the collection, only while it is still this one (see advanceCursor).
  const ours = and(eq(resourceStations.id, stationId), eq(resourceStations.collectingSince, since));
  let stored = 0;
  let pages = 0;
  let complete = false;
  try {
    for (let pg = first; pg < first + MAX_PAGES_PER_RUN; pg += 1) {
      const url = stationUrl(station.apiUrl, { ac: 'videolist', pg, h: hours });
      const { body } = await fetchPage(url, fetchOptions);
      const result = await importCollection({ station, body, now, cursor: { page: pg, since } });
      stored += result.stored;
      pages += 1;
      complete = pg >= result.page.pagecount || result.page.list.length === 0;
      if (complete) break;
    }
  } catch (error) {
    const errorCount = station.errorCount + 1;
    await db
      .update(resourceStations)
      .set({
        lastCollectedAt: now,
        lastError: failureReason(error),
        errorCount,
        nextAttemptAt: new Date(now.getTime() + backoffMs(errorCount)),
      })
      .where(ours);
    if (stored) await publicChanged(['library']);
    return { ok: false, stored, pages, error: failureReason(error) };
  }
  await db
    .update(resourceStations)
    .set(
      complete
        ? {
            lastCollectedAt: now,
            lastSuccessAt: since,
            lastError: '',
            errorCount: 0,
            nextAttemptAt: new Date(now.getTime() + COLLECT_EVERY_MS),
            collectingSince: null,
            collectedPage: 0,
          }
        : // The cap stopped this run: the next one goes on from the cursor.
          { lastCollectedAt: now, lastError: '', errorCount: 0, nextAttemptAt: now },
    )
    .where(ours);
  if (stored || complete) await publicChanged(['library']);
  return { ok: true, stored, pages, complete };
}

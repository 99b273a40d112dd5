import 'server-only';
import { eq } from 'drizzle-orm';
import { STATION_STATUS } from '@/contract/resource';
import { publicChanged } from '../cache/public-changed';
import { getDb } from '../db/client';
import { resourceStations } from '../db/schema';
import type { FetchOptions } from '../net/safe-fetch';
import { failureReason, fetchPage, stationUrl } from './fetch-page';
import { importCollection } from './import-collection';

/** Pages read per run; a larger station continues incrementally next time. */
export const MAX_PAGES_PER_RUN = 50;
export const COLLECT_EVERY_MS = 60 * 60_000;
const BACKOFF_BASE_MS = 5 * 60_000;
const BACKOFF_MAX_MS = 24 * 60 * 60_000;

export const backoffMs = (errorCount: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, errorCount - 1), BACKOFF_MAX_MS);

/**
 * Collects one approved station page by page (`ac=videolist&pg=`), incrementally with `h` after a
 * first full run. Pages already stored stay stored when a later page fails; the station records
 * the failure and waits out its backoff.
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
  const hours = station.lastSuccessAt
    ? Math.ceil((now.getTime() - station.lastSuccessAt.getTime()) / 3_600_000) + 1
    : undefined;
  let stored = 0;
  let pages = 0;
  try {
    for (let pg = 1; pg <= MAX_PAGES_PER_RUN; pg += 1) {
      const url = stationUrl(station.apiUrl, { ac: 'videolist', pg, h: hours });
      const { body } = await fetchPage(url, fetchOptions);
      const result = await importCollection({ station, body, now });
      stored += result.stored;
      pages = pg;
      if (pg >= result.page.pagecount || result.page.list.length === 0) break;
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
      .where(eq(resourceStations.id, stationId));
    if (stored) await publicChanged(['library']);
    return { ok: false, stored, pages, error: failureReason(error) };
  }
  await db
    .update(resourceStations)
    .set({
      lastCollectedAt: now,
      lastSuccessAt: now,
      lastError: '',
      errorCount: 0,
      nextAttemptAt: new Date(now.getTime() + COLLECT_EVERY_MS),
    })
    .where(eq(resourceStations.id, stationId));
  await publicChanged(['library']);
  return { ok: true, stored, pages };
}

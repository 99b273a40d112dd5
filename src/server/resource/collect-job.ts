import 'server-only';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import { STATION_STATUS } from '@/contract/resource';
import { getDb } from '../db/client';
import { resourceStations } from '../db/schema';
import type { Job } from '../jobs/scheduler';
import { collectStation } from './collect-station';

export const COLLECT_JOB = 'resource.collect';

/** Every approved station whose next attempt (regular or after a backoff) is due. */
export async function collectDueStations(now = new Date()) {
  const db = await getDb();
  const due = await db
    .select({ id: resourceStations.id })
    .from(resourceStations)
    .where(
      and(
        eq(resourceStations.status, STATION_STATUS.approved),
        or(isNull(resourceStations.nextAttemptAt), lte(resourceStations.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(resourceStations.id));
  for (const { id } of due) await collectStation({ stationId: id, now });
  return due.length;
}

export const collectJob: Job = {
  name: COLLECT_JOB,
  everyMs: 5 * 60_000,
  leaseMs: 30 * 60_000,
  run: async (now) => {
    await collectDueStations(now);
  },
};

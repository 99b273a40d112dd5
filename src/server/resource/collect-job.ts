import 'server-only';
import { and, asc, eq, inArray, isNull, lte, notInArray, or } from 'drizzle-orm';
import { STATION_STATUS } from '@/contract/resource';
import { getDb } from '../db/client';
import { resourceStations } from '../db/schema';
import type { Job } from '../jobs/scheduler';
import { metrics } from '../ops/metrics';
import { collectStation } from './collect-station';

export const COLLECT_JOB = 'resource.collect';

/**
 * How long a claimed station is left alone if its collection never finishes (the node died): longer
 * than a run of 50 pages takes; the collection itself sets the next attempt when it ends.
 */
const STATION_CLAIM_MS = 15 * 60_000;

/** Takes the next due station for this node; a station another node is claiming is skipped. */
async function claimDueStation(now: Date, done: number[]) {
  const db = await getDb();
  const due = db
    .select({ id: resourceStations.id })
    .from(resourceStations)
    .where(
      and(
        eq(resourceStations.status, STATION_STATUS.approved),
        or(isNull(resourceStations.nextAttemptAt), lte(resourceStations.nextAttemptAt, now)),
        done.length ? notInArray(resourceStations.id, done) : undefined,
      ),
    )
    .orderBy(asc(resourceStations.nextAttemptAt), asc(resourceStations.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(resourceStations)
    .set({ nextAttemptAt: new Date(now.getTime() + STATION_CLAIM_MS) })
    .where(inArray(resourceStations.id, due))
    .returning({ id: resourceStations.id });
  return claimed;
}

/** Every approved station whose next attempt (regular or after a backoff) is due, one claim at a time. */
export async function collectDueStations(now = new Date()) {
  const started = Date.now();
  const done: number[] = []; // a station is collected at most once per run
  for (;;) {
    const station = await claimDueStation(new Date(now.getTime() + (Date.now() - started)), done);
    if (!station) return done.length;
    done.push(station.id);
    const result = await collectStation({ stationId: station.id, now });
    metrics().collections.inc({ outcome: result.ok ? 'ok' : 'failed' });
  }
}

export const collectJob: Job = {
  name: COLLECT_JOB,
  everyMs: 5 * 60_000,
  run: async (now) => {
    await collectDueStations(now);
  },
};

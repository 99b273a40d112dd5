import 'server-only';
import { and, asc, eq, inArray, isNull, lte, notInArray, or } from 'drizzle-orm';
import { STATION_STATUS } from '@/contract/resource';
import { getDb } from '../db/client';
import { resourceStations } from '../db/schema';
import { keepLease, LEASE_MS } from '../jobs/lease';
import type { Job } from '../jobs/scheduler';
import { logFor } from '../log';
import { metrics } from '../ops/metrics';
import { collectStation } from './collect-station';

export const COLLECT_JOB = 'resource.collect';
const log = logFor('jobs');

/**
 * Takes the next due station for this node; a station another node is claiming is skipped. The claim
 * is a lease like the job's (jobs/lease.ts): its next attempt moves LEASE_MS ahead, renewed while the
 * collection runs (renewStationClaim), and set for real when the collection ends. A node killed
 * mid-collection leaves the station to the others once that lease lapses.
 */
export async function claimDueStation(now: Date, done: number[] = []) {
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
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(resourceStations.id, due))
    .returning({ id: resourceStations.id, until: resourceStations.nextAttemptAt });
  return claimed;
}

/**
 * Extends a station's claim that still ends at `until` (nothing else set its next attempt since: the
 * collection did not end, no other node took it); answers the new end, or null when it is not ours.
 */
export async function renewStationClaim(id: number, until: Date, now = new Date()) {
  const db = await getDb();
  const next = new Date(now.getTime() + LEASE_MS);
  const [renewed] = await db
    .update(resourceStations)
    .set({ nextAttemptAt: next })
    .where(and(eq(resourceStations.id, id), eq(resourceStations.nextAttemptAt, until)))
    .returning({ id: resourceStations.id });
  return renewed ? next : null;
}

/** Every approved station whose next attempt (regular or after a backoff) is due, one claim at a time. */
export async function collectDueStations(now = new Date()) {
  const started = Date.now();
  const done: number[] = []; // a station is collected at most once per run
  for (;;) {
    const station = await claimDueStation(new Date(now.getTime() + (Date.now() - started)), done);
    if (!station) return done.length;
    done.push(station.id);
    let until = station.until as Date;
    const stopRenewing = keepLease(
      LEASE_MS,
      async () => {
        const next = await renewStationClaim(station.id, until);
        if (next) until = next;
        return next !== null;
      },
      (error) => error && log.warn({ station: station.id, err: error }, 'station claim not renewed'),
    );
    try {
      const result = await collectStation({ stationId: station.id, now });
      metrics().collections.inc({ outcome: result.ok ? 'ok' : 'failed' });
    } finally {
      stopRenewing();
    }
  }
}

export const collectJob: Job = {
  name: COLLECT_JOB,
  everyMs: 5 * 60_000,
  run: async (now) => {
    await collectDueStations(now);
  },
};

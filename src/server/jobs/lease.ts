import 'server-only';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { jobRuns } from '../db/schema';

/**
 * Claims the job `name` if it is due and nobody holds it, in one UPDATE: on any number of app
 * nodes exactly one wins. The claim moves `next_run_at` forward, so a finished run is not repeated.
 */
export async function claimJob(name: string, everyMs: number, leaseMs: number, now = new Date()) {
  const db = await getDb();
  await db.insert(jobRuns).values({ name, nextRunAt: now }).onConflictDoNothing();
  const [claimed] = await db
    .update(jobRuns)
    .set({
      lockedUntil: new Date(now.getTime() + leaseMs),
      nextRunAt: new Date(now.getTime() + everyMs),
      lastStartedAt: now,
      runs: sql`${jobRuns.runs} + 1`,
    })
    .where(
      and(
        eq(jobRuns.name, name),
        lte(jobRuns.nextRunAt, now),
        or(isNull(jobRuns.lockedUntil), lte(jobRuns.lockedUntil, now)),
      ),
    )
    .returning({ name: jobRuns.name });
  return Boolean(claimed);
}

export async function releaseJob(name: string, error?: unknown) {
  const db = await getDb();
  await db
    .update(jobRuns)
    .set({
      lockedUntil: null,
      lastFinishedAt: new Date(),
      lastError: error ? String((error as Error).message ?? error).slice(0, 1000) : null,
    })
    .where(eq(jobRuns.name, name));
}

/** Makes a job due now (e.g. after an administrator approves a station). */
export async function requestJobRun(name: string) {
  const db = await getDb();
  await db
    .insert(jobRuns)
    .values({ name, nextRunAt: new Date(0) })
    .onConflictDoUpdate({ target: jobRuns.name, set: { nextRunAt: new Date(0) } });
}

import 'server-only';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { jobRuns } from '../db/schema';

/**
 * One lease model for a job and for what its run claims (a station being collected, say): a claim
 * lasts LEASE_MS and the node holding it renews it every third of that while it works, so a node
 * killed mid-run holds the job, and everything it claimed, for LEASE_MS at most.
 */
export const LEASE_MS = 90_000;

/**
 * Renews a lease every third of `leaseMs` until the returned function is called. `renew` answers
 * whether the lease is still this node's; `lost` hears when it is not (it lapsed and was taken).
 */
export function keepLease(
  leaseMs: number,
  renew: () => Promise<boolean>,
  lost: (error?: unknown) => void,
): () => void {
  const timer = setInterval(() => {
    renew().then(
      (held) => held || lost(),
      (error: unknown) => lost(error),
    );
  }, leaseMs / 3);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Claims the job `name` for `node` if it is due and nobody holds it, in one UPDATE: on any number of
 * app nodes exactly one wins. The claim moves `next_run_at` forward, so a finished run is not
 * repeated, and holds a short lease that the running node renews (renewJob): a node that dies
 * blocks the job only until its lease runs out.
 */
export async function claimJob(args: {
  name: string;
  everyMs: number;
  leaseMs: number;
  node: string;
  now?: Date;
}) {
  const now = args.now ?? new Date();
  const db = await getDb();
  await db.insert(jobRuns).values({ name: args.name, nextRunAt: now }).onConflictDoNothing();
  const [claimed] = await db
    .update(jobRuns)
    .set({
      lockedUntil: new Date(now.getTime() + args.leaseMs),
      lockedBy: args.node,
      lastNode: args.node,
      nextRunAt: new Date(now.getTime() + args.everyMs),
      lastStartedAt: now,
      runs: sql`${jobRuns.runs} + 1`,
    })
    .where(
      and(
        eq(jobRuns.name, args.name),
        lte(jobRuns.nextRunAt, now),
        or(isNull(jobRuns.lockedUntil), lte(jobRuns.lockedUntil, now)),
      ),
    )
    .returning({ name: jobRuns.name });
  return Boolean(claimed);
}

/** Extends the lease of a running job; false when it is no longer this node's (it lapsed and was taken). */
export async function renewJob(name: string, node: string, leaseMs: number, now = new Date()) {
  const db = await getDb();
  const renewed = await db
    .update(jobRuns)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.lockedBy, node)))
    .returning({ name: jobRuns.name });
  return renewed.length > 0;
}

export async function releaseJob(name: string, node: string, error?: unknown) {
  const db = await getDb();
  await db
    .update(jobRuns)
    .set({
      lockedUntil: null,
      lockedBy: null,
      lastFinishedAt: new Date(),
      lastError: error ? String((error as Error).message ?? error).slice(0, 1000) : null,
    })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.lockedBy, node)));
}

/** Makes a job due now (e.g. after an administrator approves a station). */
export async function requestJobRun(name: string) {
  const db = await getDb();
  await db
    .insert(jobRuns)
    .values({ name, nextRunAt: new Date(0) })
    .onConflictDoUpdate({ target: jobRuns.name, set: { nextRunAt: new Date(0) } });
}

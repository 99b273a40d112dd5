import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { domainCheckRuns } from '../db/schema';
import { invalid } from '../errors';
import type { ScanResult } from './inject/scan-site';
import { CHECK_BUDGET_MS } from './web-code';

/**
 * How long a run holds its site. Its fetches and browser visits end within CHECK_BUDGET_MS and the
 * scan thread gives up on a stalled job after a minute; a run still unfinished after this is taken
 * for lost (its node died): readers see it failed and the site may be checked again.
 */
export const RUN_LEASE_MS = CHECK_BUDGET_MS + 60_000;
/** Runs are kept this long: the last hour counts a site's checks, the rest answers late pollers. */
const RUN_KEPT_MS = 24 * 3600_000;

/** Where a run is, stored as it moves (`progress` column). */
export type RunProgress = {
  static: 'running' | 'done';
  browser: 'waiting' | 'queued' | 'running' | 'done' | 'skipped';
  done: string[];
  running: string[];
  /** Titles (translation keys or text) of what was found so far. */
  found: string[];
};

export const START_PROGRESS: RunProgress = {
  static: 'running',
  browser: 'waiting',
  done: [],
  running: [],
  found: [],
};

export type Run = {
  id: string;
  host: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: RunProgress;
  result: { scan: ScanResult; checkedAt: Date } | null;
  error: string;
};

/**
 * Takes the site's lease for a new run, or names the run that holds it: at most one check of a
 * site runs at a time, whichever node was asked (the partial unique index on unfinished runs).
 */
export async function claimRun(host: string, attempt = 0): Promise<{ id: string; started: boolean }> {
  const db = await getDb();
  const now = new Date();
  // A run whose node died frees its site once its lease has passed; old runs are dropped.
  await db
    .update(domainCheckRuns)
    .set({ state: 'failed', error: 'domain.check.lost', finishedAt: now })
    .where(
      and(
        eq(domainCheckRuns.host, host),
        isNull(domainCheckRuns.finishedAt),
        lt(domainCheckRuns.leaseUntil, now),
      ),
    );
  await db
    .delete(domainCheckRuns)
    .where(lt(domainCheckRuns.startedAt, new Date(now.getTime() - RUN_KEPT_MS)));
  const id = randomBytes(16).toString('base64url');
  const [mine] = await db
    .insert(domainCheckRuns)
    .values({
      id,
      host,
      progress: START_PROGRESS,
      startedAt: now,
      leaseUntil: new Date(now.getTime() + RUN_LEASE_MS),
    })
    .onConflictDoNothing()
    .returning({ id: domainCheckRuns.id });
  if (mine) return { id: mine.id, started: true };
  const holder = await runningFor(host);
  if (holder) return { id: holder, started: false };
  // Finished between the insert and this read: a fresh claim finds the site free (once more only).
  if (attempt > 0) throw invalid('domain.check.failed');
  return claimRun(host, attempt + 1);
}

/** The run that holds the site now, if any. */
export async function runningFor(host: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: domainCheckRuns.id })
    .from(domainCheckRuns)
    .where(
      and(
        eq(domainCheckRuns.host, host),
        isNull(domainCheckRuns.finishedAt),
        gt(domainCheckRuns.leaseUntil, new Date()),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Runs of the site started within the last hour (running or over). */
export async function runsLastHour(host: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(domainCheckRuns)
    .where(
      and(eq(domainCheckRuns.host, host), gt(domainCheckRuns.startedAt, new Date(Date.now() - 3600_000))),
    );
  return row?.n ?? 0;
}

/** Stores where an unfinished run is; waiting for a browser shows as `queued`. */
export async function saveProgress(id: string, progress: RunProgress) {
  const db = await getDb();
  await db
    .update(domainCheckRuns)
    .set({ progress, state: progress.browser === 'queued' ? 'queued' : 'running' })
    .where(and(eq(domainCheckRuns.id, id), isNull(domainCheckRuns.finishedAt)));
}

/** Ends a run with its stored check, or with why it failed (a translation key). */
export async function finishRun(
  id: string,
  end: { scan: ScanResult; checkedAt: Date; progress: RunProgress } | { error: string },
) {
  const db = await getDb();
  await db
    .update(domainCheckRuns)
    .set(
      'error' in end
        ? { state: 'failed', error: end.error, finishedAt: new Date() }
        : {
            state: 'done',
            progress: end.progress,
            result: { scan: end.scan, checkedAt: end.checkedAt.toISOString() },
            finishedAt: new Date(),
          },
    )
    .where(eq(domainCheckRuns.id, id));
}

/** One run as stored; an unfinished run past its lease reads as failed. */
export async function readRun(id: string): Promise<Run | null> {
  const db = await getDb();
  const [row] = await db.select().from(domainCheckRuns).where(eq(domainCheckRuns.id, id)).limit(1);
  if (!row) return null;
  const lost = !row.finishedAt && row.leaseUntil.getTime() < Date.now();
  const result = row.result as { scan: ScanResult; checkedAt: string } | null;
  return {
    id: row.id,
    host: row.host,
    state: lost ? 'failed' : row.state,
    progress: { ...START_PROGRESS, ...(row.progress as Partial<RunProgress>) },
    result: result ? { scan: result.scan, checkedAt: new Date(result.checkedAt) } : null,
    error: lost ? 'domain.check.lost' : (row.error ?? ''),
  };
}

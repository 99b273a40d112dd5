import 'server-only';
import { logFor } from '../log';
import { metrics } from '../ops/metrics';
import { claimJob, keepLease, LEASE_MS, releaseJob, renewJob } from './lease';
import { nodeName } from './node';

const log = logFor('jobs');

export { LEASE_MS };

/** A scheduled job: `run` must be safe to retry (a node that dies mid-run simply lets its lease lapse). */
export type Job = {
  name: string;
  everyMs: number;
  /** The lease a run holds and keeps renewing while it runs (default LEASE_MS). */
  leaseMs?: number;
  run: (now: Date) => Promise<void>;
};

/** Runs `job` if it is due and no other node holds it; returns whether it ran. */
export async function runIfDue(job: Job, now = new Date(), node = nodeName()): Promise<boolean> {
  const leaseMs = job.leaseMs ?? LEASE_MS;
  if (!(await claimJob({ name: job.name, everyMs: job.everyMs, leaseMs, node, now }))) return false;
  const stopRenewing = keepLease(
    leaseMs,
    () => renewJob(job.name, node, leaseMs),
    (error) =>
      error
        ? log.warn({ job: job.name, error: (error as Error).message }, 'lease not renewed')
        : log.warn({ job: job.name, node }, 'lease lapsed and was taken over'),
  );
  const timer = metrics().jobDuration.startTimer({ job: job.name });
  try {
    await job.run(now);
    await releaseJob(job.name, node);
    metrics().jobs.inc({ job: job.name, outcome: 'ok' });
  } catch (error) {
    metrics().jobs.inc({ job: job.name, outcome: 'failed' });
    log.error({ job: job.name, node, err: error }, 'job failed');
    await releaseJob(job.name, node, error).catch(() => {});
  } finally {
    stopRenewing();
    timer();
  }
  return true;
}

const holder = globalThis as unknown as { __portalScheduler?: NodeJS.Timeout };

/** Checks every job each `tickMs`; one timer per process. */
export function startScheduler(jobs: readonly Job[], tickMs = 30_000) {
  if (holder.__portalScheduler || jobs.length === 0) return;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const job of jobs) await runIfDue(job);
    } catch (error) {
      log.error({ err: error }, 'tick failed');
    } finally {
      busy = false;
    }
  };
  holder.__portalScheduler = setInterval(tick, tickMs);
  holder.__portalScheduler.unref();
  void tick();
}

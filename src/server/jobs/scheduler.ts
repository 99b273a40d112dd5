import 'server-only';
import { claimJob, releaseJob } from './lease';

/** A scheduled job: `run` must be safe to retry (a crashed node's lease simply expires). */
export type Job = {
  name: string;
  everyMs: number;
  /** How long one run may hold the job before another node may take over. */
  leaseMs: number;
  run: (now: Date) => Promise<void>;
};

/** Runs `job` if it is due and no other node holds it; returns whether it ran. */
export async function runIfDue(job: Job, now = new Date()): Promise<boolean> {
  if (!(await claimJob(job.name, job.everyMs, job.leaseMs, now))) return false;
  try {
    await job.run(now);
    await releaseJob(job.name);
  } catch (error) {
    console.error(`[jobs] ${job.name} failed`, error);
    await releaseJob(job.name, error);
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
      console.error('[jobs] tick failed', error);
    } finally {
      busy = false;
    }
  };
  holder.__portalScheduler = setInterval(tick, tickMs);
  holder.__portalScheduler.unref();
  void tick();
}

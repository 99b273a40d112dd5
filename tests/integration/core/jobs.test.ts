import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestJobRun } from '@/server/jobs/lease';
import { type Job, runIfDue } from '@/server/jobs/scheduler';

const job = (name: string, run: Job['run'], everyMs = 60_000): Job => ({
  name,
  everyMs,
  leaseMs: 30_000,
  run,
});

describe('scheduled jobs', () => {
  it('run once when several nodes try at the same moment', async () => {
    let runs = 0;
    const j = job(`race-${randomUUID()}`, async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 50));
    });
    const now = new Date();
    const results = await Promise.all([runIfDue(j, now), runIfDue(j, now), runIfDue(j, now)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it('wait for their interval, and run again when asked', async () => {
    let runs = 0;
    const j = job(`interval-${randomUUID()}`, async () => {
      runs += 1;
    });
    const t0 = new Date();
    expect(await runIfDue(j, t0)).toBe(true);
    expect(await runIfDue(j, new Date(t0.getTime() + 1_000))).toBe(false);
    expect(await runIfDue(j, new Date(t0.getTime() + 61_000))).toBe(true);
    await requestJobRun(j.name);
    expect(await runIfDue(j, new Date(t0.getTime() + 62_000))).toBe(true);
    expect(runs).toBe(3);
  });

  it('release the job when a run fails, so the next interval retries it', async () => {
    const j = job(`failing-${randomUUID()}`, async () => {
      throw new Error('station unreachable');
    });
    const t0 = new Date();
    expect(await runIfDue(j, t0)).toBe(true);
    expect(await runIfDue(j, new Date(t0.getTime() + 61_000))).toBe(true);
  });
});

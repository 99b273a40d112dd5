import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db/client';
import { jobRuns } from '@/server/db/schema';
import { claimJob, requestJobRun } from '@/server/jobs/lease';
import { type Job, LEASE_MS, runIfDue } from '@/server/jobs/scheduler';

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

  it('are held by a node that died mid-run only until its short lease lapses, not for a whole run', async () => {
    const j: Job = { name: `orphan-${randomUUID()}`, everyMs: 5 * 60_000, run: async () => {} };
    const t0 = new Date();
    // A node claims the job and is killed: it never renews nor releases it.
    expect(
      await claimJob({ name: j.name, everyMs: j.everyMs, leaseMs: LEASE_MS, node: 'dead-node', now: t0 }),
    ).toBe(true);
    expect(await runIfDue(j, new Date(t0.getTime() + 60_000), 'other-node')).toBe(false);
    expect(await runIfDue(j, new Date(t0.getTime() + 6 * 60_000), 'other-node')).toBe(true);
    const [row] = await (await getDb()).select().from(jobRuns).where(eq(jobRuns.name, j.name));
    expect(row).toMatchObject({ lastNode: 'other-node', lockedBy: null });
  });

  it('keep their lease while they run: a slow run is not taken over by another node', async () => {
    let runs = 0;
    const slow: Job = {
      name: `slow-${randomUUID()}`,
      everyMs: 10,
      leaseMs: 300,
      run: async () => {
        runs += 1;
        await new Promise((r) => setTimeout(r, 1_200));
      },
    };
    const first = runIfDue(slow, new Date(), 'node-a');
    await new Promise((r) => setTimeout(r, 700)); // past the lease: only the heartbeat keeps it
    expect(await runIfDue(slow, new Date(), 'node-b')).toBe(false);
    expect(await first).toBe(true);
    expect(runs).toBe(1);
  });
});

import 'server-only';
import { and, isNull, lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { jobRuns } from '../db/schema';
import { storage } from '../storage';
import { startupState } from './startup-state';

/** A job this far past its next run (and not running) is late: its nodes are down or stuck. */
const LATE_MS = 30 * 60_000;
const CHECK_MS = 2_000;

const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  ]);

type Check = { ok: boolean; detail: string };

async function check(run: () => Promise<string>): Promise<Check> {
  try {
    return { ok: true, detail: await within(CHECK_MS, run()) };
  } catch (error) {
    return { ok: false, detail: (error as Error).message };
  }
}

/**
 * /api/ready: may this node take traffic? Start-up finished (migrations applied, demo seeded), the
 * database and the file storage answer. Late jobs are reported but do not take a node out.
 */
export async function readiness(now = new Date()) {
  const state = startupState();
  const startup: Check = {
    ok: state.phase === 'ready',
    detail:
      state.phase === 'ready' ? 'migrated' : `starting (attempt ${state.attempts}) ${state.lastError}`.trim(),
  };
  const [database, files, jobs] = await Promise.all([
    check(async () => {
      await (await getDb()).execute(sql`select 1`);
      return 'answers';
    }),
    check(async () => {
      await storage().exists('ready-probe');
      return 'answers';
    }),
    check(async () => {
      const late = await (await getDb())
        .select({ name: jobRuns.name })
        .from(jobRuns)
        .where(and(lt(jobRuns.nextRunAt, new Date(now.getTime() - LATE_MS)), isNull(jobRuns.lockedUntil)));
      return late.length ? `late: ${late.map((j) => j.name).join(', ')}` : 'on time';
    }),
  ]);
  const ready = startup.ok && database.ok && files.ok;
  return { ready, checks: { startup, database, files, jobs } };
}

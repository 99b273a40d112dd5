import 'server-only';
import { env } from './config/env';
import { siteConfig } from './content/site-config';
import { getDb } from './db/client';
import { exclusively } from './db/exclusive';
import { DirectoryLocked } from './db/process-lock';
import { JOBS } from './jobs/registry';
import { startScheduler } from './jobs/scheduler';
import { logFor } from './log';
import { startupState } from './ops/startup-state';
import { seedDemo } from './seed/demo';

const log = logFor('startup');
const SEED_LOCK = 7_246_532;
/** Waits between start-up attempts: the database may come up after the app (a host reboot). */
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
/** A held data directory is given this many tries (a killed portal's lock clears within a moment). */
const LOCKED_TRIES = 5;

/**
 * Runs once per process (instrumentation.ts). A configuration that cannot work stops the process
 * with a message, so a supervisor sees it; a database that is not there yet does not: start-up is
 * retried with backoff in the background while the node answers 503 and /api/ready says why, until
 * the database is reachable.
 */
export function startUp() {
  let config: ReturnType<typeof env>;
  try {
    config = env();
    siteConfig(); // a bad SITE_CONFIG_FILE stops the portal here, naming the file
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  void bringUp(config);
}

export async function bringUp(config = env(), sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  const state = startupState();
  for (;;) {
    state.attempts += 1;
    try {
      await getDb();
      // Several nodes may start together: the second waits, then finds the demo content present.
      if (config.DEMO_CONTENT) await exclusively(SEED_LOCK, seedDemo);
      if (config.JOBS) startScheduler(JOBS);
      state.phase = 'ready';
      state.lastError = '';
      log.info({ database: config.DATABASE_URL ? 'PostgreSQL' : `embedded in ${config.DATA_DIR}` }, 'ready');
      return;
    } catch (error) {
      state.lastError = (error as Error).message;
      if (error instanceof DirectoryLocked && state.attempts >= LOCKED_TRIES) {
        log.fatal(state.lastError);
        process.exit(1);
      }
      const wait = BACKOFF_MS[Math.min(state.attempts - 1, BACKOFF_MS.length - 1)]!;
      log.error(
        { attempt: state.attempts, error: state.lastError, retry_in_s: wait / 1000 },
        'start-up failed, retrying',
      );
      await sleep(wait);
    }
  }
}

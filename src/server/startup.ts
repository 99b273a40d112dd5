import 'server-only';
import { env } from './config/env';
import { siteConfig } from './content/site-config';
import { getDb } from './db/client';
import { exclusively } from './db/exclusive';
import { JOBS } from './jobs/registry';
import { startScheduler } from './jobs/scheduler';
import { seedDemo } from './seed/demo';

const SEED_LOCK = 7_246_532;

export async function startUp() {
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  siteConfig(); // a bad SITE_CONFIG_FILE stops the portal here, naming the file
  await getDb();
  // Several nodes may start together: the second waits, then finds the demo content present.
  if (config.DEMO_CONTENT) await exclusively(SEED_LOCK, seedDemo);
  if (config.JOBS) startScheduler(JOBS);
  console.log(
    `[portal] ready: ${config.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${config.DATA_DIR}`}`,
  );
}

import 'server-only';
import { env } from './config/env';
import { getDb } from './db/client';
import { JOBS } from './jobs/registry';
import { startScheduler } from './jobs/scheduler';
import { seedDemo } from './seed/demo';

export async function startUp() {
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  await getDb();
  if (config.DEMO_CONTENT) await seedDemo();
  if (config.JOBS) startScheduler(JOBS);
  console.log(
    `[portal] ready: ${config.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${config.DATA_DIR}`}`,
  );
}

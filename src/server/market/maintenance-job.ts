import 'server-only';
import { and, inArray, lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { downloadClients, downloadTickets, uploads } from '../db/schema';
import type { Job } from '../jobs/scheduler';
import { removeFiles } from './files';
import { statsDay } from './store/count-download';

/** Uploads no submission used within a day (an abandoned form, a file replaced before submitting). */
const ORPHAN_AFTER_MS = 24 * 3600_000;
/** Which clients downloaded what is only needed for "once a day"; the daily figures stay. */
const KEEP_CLIENTS_DAYS = 35;
const PER_RUN = 500;
/** No version (of any status) names the upload. */
const UNUSED = sql`not exists (
  select 1 from market_app_versions v
  where v.package_key = ${uploads.key} or v.pc_image = ${uploads.key} or v.h5_image = ${uploads.key}
    or v.pc_preview @> jsonb_build_array(${uploads.key}) or v.h5_preview @> jsonb_build_array(${uploads.key})
)`;

/** Removes what the market no longer needs: orphan uploads and their files, old download bookkeeping. */
export async function cleanMarket(now: Date) {
  const db = await getDb();
  const before = new Date(now.getTime() - ORPHAN_AFTER_MS);
  // A submission committing locks the uploads it uses (submit.ts): those are skipped, not removed
  // from under it. The delete asks again whether a version uses the file: it sees what committed
  // after the rows were picked.
  const unused = await db.transaction(async (tx) => {
    const orphans = await tx
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(lt(uploads.createdAt, before), UNUSED))
      .limit(PER_RUN)
      .for('update', { skipLocked: true });
    if (!orphans.length) return [];
    const keys = orphans.map((o) => o.key);
    return tx
      .delete(uploads)
      .where(and(inArray(uploads.key, keys), UNUSED))
      .returning({ key: uploads.key });
  });
  await removeFiles(unused.map((u) => u.key));
  await db.delete(downloadTickets).where(lt(downloadTickets.expiresAt, now));
  const oldest = statsDay(new Date(now.getTime() - KEEP_CLIENTS_DAYS * 86_400_000));
  await db.delete(downloadClients).where(lt(downloadClients.day, oldest));
  return { uploads: unused.length };
}

export const marketMaintenanceJob: Job = {
  name: 'market-maintenance',
  everyMs: 3600_000,
  run: async (now) => {
    await cleanMarket(now);
  },
};

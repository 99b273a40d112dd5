import 'server-only';
import { lt, sql } from 'drizzle-orm';
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

/** Removes what the market no longer needs: orphan uploads and their files, old download bookkeeping. */
export async function cleanMarket(now: Date) {
  const db = await getDb();
  const unused = await db
    .delete(uploads)
    .where(
      sql`${uploads.key} in (
        select u.key from ${uploads} u
        where u.created_at < ${new Date(now.getTime() - ORPHAN_AFTER_MS).toISOString()}::timestamptz
        and not exists (
          select 1 from market_app_versions v
          where v.package_key = u.key or v.pc_image = u.key or v.h5_image = u.key
            or v.pc_preview @> jsonb_build_array(u.key) or v.h5_preview @> jsonb_build_array(u.key)
        )
        limit ${PER_RUN}
      )`,
    )
    .returning({ key: uploads.key });
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

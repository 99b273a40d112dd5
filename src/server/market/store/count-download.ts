import 'server-only';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { formatTime } from '@/features/common/format';
import { getDb } from '../../db/client';
import { apps, appVersions, downloadClients, downloadDays } from '../../db/schema';

/** The China-time day a moment belongs to, as the statistics store it (YYYY-MM-DD). */
export const statsDay = (now: Date) => formatTime(Math.floor(now.getTime() / 1000), true);

/** A device's id when it sent one (x-client-id), else its address; hashed, never stored raw. */
export const clientKey = (clientId: string, ip: string) =>
  createHash('sha256')
    .update(clientId ? `c:${clientId}` : `ip:${ip}`)
    .digest('hex')
    .slice(0, 32);

/**
 * Counts one download call of a version: the day's raw count always rises; the unique figure, and
 * with it the public download count, only for the first call of a client that day.
 */
export async function countDownload(args: { appId: number; versionId: number; client: string; now: Date }) {
  const db = await getDb();
  const day = statsDay(args.now);
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(downloadClients)
      .values({ versionId: args.versionId, day, client: args.client })
      .onConflictDoNothing()
      .returning({ day: downloadClients.day });
    const unique = fresh.length;
    await tx
      .insert(downloadDays)
      .values({ appId: args.appId, versionId: args.versionId, day, downloads: 1, uniques: unique })
      .onConflictDoUpdate({
        target: [downloadDays.appId, downloadDays.versionId, downloadDays.day],
        set: {
          downloads: sql`${downloadDays.downloads} + 1`,
          uniques: sql`${downloadDays.uniques} + ${unique}`,
        },
      });
    if (!unique) {
      const [app] = await tx.select({ n: apps.downloadNum }).from(apps).where(eq(apps.id, args.appId));
      return { download_num: app?.n ?? 0, counted: false };
    }
    await tx
      .update(appVersions)
      .set({ downloadNum: sql`${appVersions.downloadNum} + 1` })
      .where(eq(appVersions.id, args.versionId));
    const [app] = await tx
      .update(apps)
      .set({ downloadNum: sql`${apps.downloadNum} + 1` })
      .where(eq(apps.id, args.appId))
      .returning({ n: apps.downloadNum });
    return { download_num: app?.n ?? 0, counted: true };
  });
}

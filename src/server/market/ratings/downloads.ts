import 'server-only';
import { and, eq } from 'drizzle-orm';
import { type Db, getDb } from '../../db/client';
import { userDownloads } from '../../db/schema';

/**
 * Records that an account downloaded an item (its first download is kept): only such accounts may
 * review it. Runs with the download's count, once the answer was handed over.
 */
export async function recordUserDownload(userId: number, appId: number, db?: Db) {
  await (db ?? (await getDb())).insert(userDownloads).values({ userId, appId }).onConflictDoNothing();
}

export async function hasDownloaded(db: Db, userId: number, appId: number) {
  const [row] = await db
    .select({ userId: userDownloads.userId })
    .from(userDownloads)
    .where(and(eq(userDownloads.userId, userId), eq(userDownloads.appId, appId)))
    .limit(1);
  return Boolean(row);
}

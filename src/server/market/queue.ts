import 'server-only';
import { and, asc, eq, ne } from 'drizzle-orm';
import { STATUS } from '@/contract/market';
import { getDb } from '../db/client';
import { apps, appVersions } from '../db/schema';

/** Position of every version under review (1 = next), oldest submission first, both kinds together. */
export async function reviewQueue(): Promise<Map<number, number>> {
  const db = await getDb();
  const rows = await db
    .select({ id: appVersions.id })
    .from(appVersions)
    .where(eq(appVersions.status, STATUS.review))
    .orderBy(asc(appVersions.submittedAt), asc(appVersions.id));
  return new Map(rows.map((r, i) => [r.id, i + 1]));
}

export async function queuePosition(versionId: number): Promise<number> {
  return (await reviewQueue()).get(versionId) ?? 0;
}

/** The oldest submission under review (both kinds), other than `exclude` (an app id): "save and open next". */
export async function nextInQueue(exclude?: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: apps.id, kind: apps.kind, version_id: appVersions.id, name: appVersions.name })
    .from(appVersions)
    .innerJoin(apps, eq(apps.latestVersionId, appVersions.id))
    .where(and(eq(appVersions.status, STATUS.review), exclude ? ne(apps.id, exclude) : undefined))
    .orderBy(asc(appVersions.submittedAt), asc(appVersions.id))
    .limit(1);
  return { next: row ?? null };
}

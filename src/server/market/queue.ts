import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { STATUS } from '@/contract/market';
import { getDb } from '../db/client';
import { appVersions } from '../db/schema';

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

import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Kind } from '@/contract/market';
import type { Db } from '../../db/client';
import { apps, appVersions } from '../../db/schema';
import { invalid } from '../../errors';
import type { AppRow, VersionRow } from '../access';

export type Released = { app: AppRow; v: VersionRow };

/**
 * A public item and its released version. Unknown ids and items that were never released get the
 * same answer, so the store does not reveal what is under review.
 */
export async function releasedApp(db: Db, kind: Kind, id: number): Promise<Released> {
  const [row] = await db
    .select({ app: apps, v: appVersions })
    .from(apps)
    .innerJoin(appVersions, eq(appVersions.id, apps.releasedVersionId))
    .where(and(eq(apps.id, id), eq(apps.kind, kind)))
    .limit(1);
  if (!row) throw invalid('store.err.notFound');
  return row;
}

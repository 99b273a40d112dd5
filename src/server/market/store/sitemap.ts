import 'server-only';
import { eq, isNotNull } from 'drizzle-orm';
import { KIND_SEGMENT } from '@/contract/market';
import { getDb } from '../../db/client';
import { apps, appVersions } from '../../db/schema';

/** The store's pages and one entry per released item. */
export async function storeSitemap() {
  const db = await getDb();
  const rows = await db
    .select({ id: apps.id, kind: apps.kind, releasedAt: appVersions.releasedAt })
    .from(apps)
    .innerJoin(appVersions, eq(appVersions.id, apps.releasedVersionId))
    .where(isNotNull(apps.releasedVersionId));
  return [
    { path: '/market', priority: 0.8 },
    { path: '/market/plug', priority: 0.7 },
    { path: '/market/theme', priority: 0.7 },
    ...rows.map((r) => ({
      path: `/market/${KIND_SEGMENT[r.kind]}/${r.id}`,
      lastModified: r.releasedAt ?? undefined,
      priority: 0.6,
    })),
  ];
}

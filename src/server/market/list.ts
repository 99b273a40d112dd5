import 'server-only';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { AppList } from '@/contract/developer-output';
import type { Kind, ListInput } from '@/contract/market';
import { getDb } from '../db/client';
import { likePattern } from '../db/like-pattern';
import { apps, appVersions } from '../db/schema';
import { presentListItem } from './present';
import { reviewQueue } from './queue';

/**
 * plugins_center (one developer's items) and plugins_audit_list (everyone's): filtered by the status
 * of the latest version. Under review lists oldest first (the queue order), the others newest first.
 */
export async function listApps(args: { kind: Kind; input: ListInput; ownerId?: number }): Promise<AppList> {
  const { kind, input } = args;
  const db = await getDb();
  const filters: (SQL | undefined)[] = [
    eq(apps.kind, kind),
    args.ownerId ? eq(apps.ownerId, args.ownerId) : undefined,
    input.status !== '' ? eq(appVersions.status, Number(input.status)) : undefined,
    input.name ? ilike(appVersions.name, likePattern(input.name)) : undefined,
  ];
  const where = and(...filters);
  const joined = db.select().from(apps).innerJoin(appVersions, eq(appVersions.id, apps.latestVersionId));
  const order = input.status === '0' ? asc(appVersions.submittedAt) : desc(appVersions.submittedAt);
  const rows = await joined
    .where(where)
    .orderBy(order, desc(apps.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const [total] = await db
    .select({ n: count() })
    .from(apps)
    .innerJoin(appVersions, eq(appVersions.id, apps.latestVersionId))
    .where(where);
  const releasedIds = rows.map((r) => r.market_apps.releasedVersionId).filter((id): id is number => !!id);
  const released = releasedIds.length
    ? await db.select().from(appVersions).where(inArray(appVersions.id, releasedIds))
    : [];
  const byId = new Map(released.map((v) => [v.id, v]));
  const queue = await reviewQueue();
  return {
    list: rows.map((r) =>
      presentListItem(
        r.market_apps,
        r.market_app_versions,
        byId.get(r.market_apps.releasedVersionId ?? 0),
        queue.get(r.market_app_versions.id) ?? 0,
      ),
    ),
    search_count: total?.n ?? 0,
  };
}

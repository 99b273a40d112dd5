import 'server-only';
import { and, asc, desc, eq, ilike, inArray, isNotNull } from 'drizzle-orm';
import type { FeedbackTarget } from '@/contract/feedback';
import type { Kind } from '@/contract/market';
import { getDb } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { apps, appVersions } from '../../db/schema';

const LIMIT = 20;

/**
 * The items the feedback form can report on: released plugins or themes by name (most downloaded
 * first), or one item by id whatever the kind asked for, each with its public versions.
 */
export async function feedbackTargets(args: { type: Kind; name: string; id?: number }) {
  const db = await getDb();
  const filter = args.id
    ? eq(apps.id, args.id)
    : and(eq(apps.kind, args.type), args.name ? ilike(appVersions.name, likePattern(args.name)) : undefined);
  const rows = await db
    .select({ id: apps.id, kind: apps.kind, name: appVersions.name, version: appVersions.version })
    .from(apps)
    .innerJoin(appVersions, eq(appVersions.id, apps.releasedVersionId))
    .where(filter)
    .orderBy(desc(apps.downloadNum), asc(apps.id))
    .limit(LIMIT);
  const history = rows.length
    ? await db
        .select({ appId: appVersions.appId, version: appVersions.version })
        .from(appVersions)
        .where(
          and(
            inArray(
              appVersions.appId,
              rows.map((r) => r.id),
            ),
            isNotNull(appVersions.releasedAt),
          ),
        )
        .orderBy(asc(appVersions.releasedAt), asc(appVersions.id))
    : [];
  return {
    list: rows.map(
      (r): FeedbackTarget => ({
        id: r.id,
        type: r.kind,
        name: r.name,
        version: r.version,
        versions: [...new Set([...history.filter((h) => h.appId === r.id).map((h) => h.version), r.version])],
      }),
    ),
  };
}

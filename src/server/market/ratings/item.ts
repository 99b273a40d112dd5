import 'server-only';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apps, itemReviews } from '../../db/schema';
import { invalid } from '../../errors';

/** A released item (any kind), or the "not found" every review call answers for others. */
export async function releasedItem(db: Db, appId: number) {
  const [app] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, appId), isNotNull(apps.releasedVersionId)))
    .limit(1);
  if (!app) throw invalid('reviews.err.itemNotFound');
  return app;
}

/** A review with its item's owner, or "not found". */
export async function reviewWithItem(db: Db, reviewId: number) {
  const [row] = await db
    .select({ review: itemReviews, ownerId: apps.ownerId })
    .from(itemReviews)
    .innerJoin(apps, eq(apps.id, itemReviews.appId))
    .where(eq(itemReviews.id, reviewId))
    .limit(1);
  if (!row) throw invalid('reviews.err.reviewNotFound');
  return row;
}

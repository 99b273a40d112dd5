import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apps, itemReviews } from '../../db/schema';

/**
 * Recomputes an item's rating from its visible reviews: each address votes once (the average of the
 * reviews written from it), so accounts made on one machine weigh as one; `rating_count` is how many
 * addresses voted. Kept on the item so lists show and sort by it without reading reviews.
 */
export async function refreshRating(db: Db, appId: number) {
  // Called inside the writer's transaction: the item's row lock orders concurrent writers, so the
  // second one's statement below sees the first one's review (no lost update of the average).
  await db.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)).for('update');
  await db.execute(sql`
    with votes as (
      select avg(rating)::numeric as per from ${itemReviews}
      where app_id = ${appId} and hidden_at is null
      group by addr
    )
    update ${apps} set
      rating = coalesce((select round(avg(per), 2) from votes), 0),
      rating_count = (select count(*)::int from votes)
    where id = ${appId}`);
}

import 'server-only';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { unixTime } from '@/contract/format';
import { REVIEW_PAGE_SIZE, type Review, type ReviewPage } from '@/contract/item-reviews';
import { plainText } from '@/contract/text';
import { getDb } from '../../db/client';
import { itemReviews, users } from '../../db/schema';
import type { UserRow } from '../../identity/user';
import { releasedItem } from './item';
import { reviewBlock } from './may-review';

type Row = { review: typeof itemReviews.$inferSelect; name: string };

function present({ review, name }: Row, own: boolean): Review {
  return {
    id: review.id,
    rating: review.rating,
    content: plainText(review.content),
    user_name: plainText(name),
    create_time: unixTime(review.createdAt),
    update_time: unixTime(review.updatedAt),
    reply: plainText(review.reply),
    reply_time: unixTime(review.repliedAt),
    hidden: review.hiddenAt !== null,
    // Only the reviewer learns why their review was hidden.
    hidden_reason: own ? review.hiddenReason : '',
  };
}

const columns = { review: itemReviews, name: users.name };

/**
 * An item's rating and a page of its visible reviews, newest first; with a caller, their own review
 * (even hidden), whether they may write one, and whether they are its developer (who may answer).
 */
export async function reviewPage(args: { appId: number; page: number; user?: UserRow }): Promise<ReviewPage> {
  const db = await getDb();
  const app = await releasedItem(db, args.appId);
  const visible = and(eq(itemReviews.appId, app.id), isNull(itemReviews.hiddenAt));
  const [rows, [total], mine, blocked] = await Promise.all([
    db
      .select(columns)
      .from(itemReviews)
      .innerJoin(users, eq(users.id, itemReviews.userId))
      .where(visible)
      .orderBy(desc(itemReviews.updatedAt), desc(itemReviews.id))
      .limit(REVIEW_PAGE_SIZE)
      .offset((args.page - 1) * REVIEW_PAGE_SIZE),
    db.select({ n: count() }).from(itemReviews).where(visible),
    args.user
      ? db
          .select(columns)
          .from(itemReviews)
          .innerJoin(users, eq(users.id, itemReviews.userId))
          .where(and(eq(itemReviews.appId, app.id), eq(itemReviews.userId, args.user.id)))
          .limit(1)
      : Promise.resolve([]),
    reviewBlock(db, args.user, app),
  ]);
  return {
    list: rows.map((r) => present(r, r.review.userId === args.user?.id)),
    count: total?.n ?? 0,
    page: args.page,
    limit: REVIEW_PAGE_SIZE,
    rating: app.rating,
    rating_count: app.ratingCount,
    mine: mine[0] ? present(mine[0], true) : null,
    blocked,
    developer: args.user?.id === app.ownerId,
  };
}

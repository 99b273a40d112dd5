import 'server-only';
import { eq } from 'drizzle-orm';
import type { ReviewSaveInput } from '@/contract/item-reviews';
import { getDb } from '../../db/client';
import { apps, itemReviews } from '../../db/schema';
import { AppError, invalid } from '../../errors';
import type { UserRow } from '../../identity/user';
import { storeChanged } from '../store/cache';
import { addrKey } from '../store/count-download';
import { refreshRating } from './average';
import { releasedItem, reviewWithItem } from './item';
import { reviewBlock } from './may-review';

/**
 * Writes the caller's review of an item, or replaces it (one per account and item): the rating,
 * the text and the address it now comes from. A hidden review stays hidden when edited.
 */
export async function saveReview(args: { user: UserRow; input: ReviewSaveInput; ip: string; now: Date }) {
  const { user, input, now } = args;
  const db = await getDb();
  const app = await releasedItem(db, input.id);
  const block = await reviewBlock(db, user, app);
  if (block === 'login') throw new AppError('unauthorized', 'api.loginRequired');
  if (block) throw invalid(`reviews.err.${block}`);
  const values = {
    appId: app.id,
    userId: user.id,
    rating: input.rating,
    content: input.content,
    addr: addrKey(args.ip),
    updatedAt: now,
  };
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(itemReviews)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({
        target: [itemReviews.appId, itemReviews.userId],
        set: { rating: values.rating, content: values.content, addr: values.addr, updatedAt: now },
      })
      .returning({ id: itemReviews.id });
    await refreshRating(tx, app.id);
    const [item] = await tx
      .select({ rating: apps.rating, ratingCount: apps.ratingCount })
      .from(apps)
      .where(eq(apps.id, app.id));
    return { id: row?.id ?? 0, rating: item?.rating ?? 0, rating_count: item?.ratingCount ?? 0 };
  });
  await storeChanged();
  return saved;
}

/** The item's developer answers a review publicly; an empty answer takes it back. */
export async function replyToReview(args: { user: UserRow; reviewId: number; reply: string; now: Date }) {
  const db = await getDb();
  const { review, ownerId } = await reviewWithItem(db, args.reviewId);
  if (ownerId !== args.user.id) throw new AppError('forbidden', 'reviews.err.notDeveloper');
  await db
    .update(itemReviews)
    .set({ reply: args.reply, repliedAt: args.reply ? args.now : null })
    .where(eq(itemReviews.id, review.id));
  await storeChanged();
  return { id: review.id };
}

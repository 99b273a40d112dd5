import 'server-only';
import { getDb } from '../../db/client';
import { reviewReports } from '../../db/schema';
import { invalid } from '../../errors';
import type { UserRow } from '../../identity/user';
import { addrKey } from '../store/count-download';
import { reviewWithItem } from './item';

/**
 * Anyone reports a review for the moderators, once per reporter (an account, else an address): a
 * second report from the same one says so and counts nothing more.
 */
export async function reportReview(args: { user?: UserRow; ip: string; reviewId: number; reason: string }) {
  const db = await getDb();
  const { review } = await reviewWithItem(db, args.reviewId);
  if (review.hiddenAt) throw invalid('reviews.err.reviewNotFound');
  const reporter = args.user ? `u:${args.user.id}` : `a:${addrKey(args.ip)}`;
  const [row] = await db
    .insert(reviewReports)
    .values({ reviewId: review.id, reporter, reason: args.reason })
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  if (!row) throw invalid('reviews.err.reportedAlready');
  return { id: review.id };
}

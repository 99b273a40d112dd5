import 'server-only';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { unixTime } from '@/contract/format';
import { REVIEW_PAGE_SIZE, type ReviewModerationPage } from '@/contract/item-reviews';
import { plainText } from '@/contract/text';
import { getDb } from '../../db/client';
import { apps, appVersions, itemReviews, reviewReports, users } from '../../db/schema';
import type { UserRow } from '../../identity/user';
import { storeChanged } from '../store/cache';
import { refreshRating } from './average';
import { reviewWithItem } from './item';

const reported = sql`exists (select 1 from ${reviewReports} where review_id = ${itemReviews.id})`;

/**
 * The moderators' list: reported reviews still shown (most reported first), or the hidden ones
 * (latest first), with the reports' reasons.
 */
export async function moderationPage(args: {
  view: 'reported' | 'hidden';
  page: number;
}): Promise<ReviewModerationPage> {
  const db = await getDb();
  const where =
    args.view === 'hidden' ? isNotNull(itemReviews.hiddenAt) : and(isNull(itemReviews.hiddenAt), reported);
  const reports = sql<number>`(select count(*)::int from ${reviewReports} where review_id = ${itemReviews.id})`;
  const reasons = sql<string[]>`(select coalesce(array_agg(reason order by id desc), '{}') from (
      select reason, id from ${reviewReports} where review_id = ${itemReviews.id} order by id desc limit 5) r)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        review: itemReviews,
        kind: apps.kind,
        itemName: sql<string>`coalesce(${appVersions.name}, '')`,
        userName: users.name,
        reports,
        reasons,
      })
      .from(itemReviews)
      .innerJoin(apps, eq(apps.id, itemReviews.appId))
      .leftJoin(appVersions, eq(appVersions.id, apps.releasedVersionId))
      .innerJoin(users, eq(users.id, itemReviews.userId))
      .where(where)
      .orderBy(
        ...(args.view === 'hidden' ? [desc(itemReviews.hiddenAt)] : [desc(reports)]),
        desc(itemReviews.id),
      )
      .limit(REVIEW_PAGE_SIZE)
      .offset((args.page - 1) * REVIEW_PAGE_SIZE),
    db.select({ n: count() }).from(itemReviews).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.review.id,
      app_id: r.review.appId,
      type: r.kind,
      item_name: plainText(r.itemName),
      user_id: r.review.userId,
      user_name: plainText(r.userName),
      rating: r.review.rating,
      content: plainText(r.review.content),
      reply: plainText(r.review.reply),
      reports: Number(r.reports),
      reasons: (r.reasons ?? []).map(plainText),
      hidden: r.review.hiddenAt !== null,
      hidden_reason: r.review.hiddenReason,
      update_time: unixTime(r.review.updatedAt),
    })),
    count: total?.n ?? 0,
    page: args.page,
    limit: REVIEW_PAGE_SIZE,
  };
}

/**
 * An administrator hides a review (with the reason its writer will see) or shows it again; the
 * item's rating follows at once. Showing it again clears its reports: they were dealt with.
 */
export async function moderateReview(args: {
  admin: UserRow;
  reviewId: number;
  hidden: boolean;
  reason: string;
  now: Date;
}) {
  const db = await getDb();
  const { review } = await reviewWithItem(db, args.reviewId);
  await db.transaction(async (tx) => {
    await tx
      .update(itemReviews)
      .set(
        args.hidden
          ? { hiddenAt: args.now, hiddenReason: args.reason, hiddenBy: args.admin.id }
          : { hiddenAt: null, hiddenReason: '', hiddenBy: null },
      )
      .where(eq(itemReviews.id, review.id));
    if (!args.hidden) await tx.delete(reviewReports).where(eq(reviewReports.reviewId, review.id));
    await refreshRating(tx, review.appId);
  });
  await storeChanged();
  return { id: review.id, hidden: args.hidden };
}

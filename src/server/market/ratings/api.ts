import 'server-only';
import type {
  itemReviewList,
  itemReviewModerate,
  itemReviewModeration,
  itemReviewReply,
  itemReviewReport,
  itemReviewSave,
} from '@/contract/api/item-reviews';
import { Reply } from '../../http/handler';
import type { Run } from '../../http/serve';
import { moderateReview, moderationPage } from './moderate';
import { reviewPage } from './read';
import { reportReview } from './report';
import { replyToReview, saveReview } from './write';

/** The review operations (src/contract/api/item-reviews.ts). */
export const listReviews: Run<typeof itemReviewList> = ({ input, user }) =>
  reviewPage({ appId: input.id, page: input.page, user });

export const saveItemReview: Run<typeof itemReviewSave> = async ({ input, user, ctx }) =>
  new Reply(await saveReview({ user, input, ip: ctx.ip, now: ctx.now }), 'reviews.msg.saved');

export const replyItemReview: Run<typeof itemReviewReply> = async ({ input, user, ctx }) =>
  new Reply(
    await replyToReview({ user, reviewId: input.review_id, reply: input.reply, now: ctx.now }),
    'reviews.msg.replied',
  );

export const reportItemReview: Run<typeof itemReviewReport> = async ({ input, user, ctx }) =>
  new Reply(
    await reportReview({ user, ip: ctx.ip, reviewId: input.review_id, reason: input.reason }),
    'reviews.msg.reported',
  );

export const listModeration: Run<typeof itemReviewModeration> = ({ input }) => moderationPage(input);

export const moderateItemReview: Run<typeof itemReviewModerate> = async ({ input, user, ctx }) =>
  new Reply(
    await moderateReview({
      admin: user,
      reviewId: input.review_id,
      hidden: input.hidden,
      reason: input.reason,
      now: ctx.now,
    }),
    input.hidden ? 'reviews.msg.hidden' : 'reviews.msg.shown',
  );

import { z } from 'zod';
import { charCount, withoutControls } from './feedback';
import { KINDS } from './market';
import { recordId } from './record-id';

/** Ratings and reviews of released items (src/server/market/ratings/). */
export const REVIEW_CONTENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_REASON_MAX = 200;
export const REVIEW_PAGE_SIZE = 10;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Reviews written or edited per account and hour: enough to fix a typo, too few to flood. */
export const REVIEW_SAVE_LIMIT = { limit: 10, windowSeconds: 60 * 60 } as const;
/** Developer answers per account and hour. */
export const REVIEW_REPLY_LIMIT = { limit: 30, windowSeconds: 60 * 60 } as const;
/** Reports per address and hour: anyone may report, nobody may flood the moderators. */
export const REVIEW_REPORT_LIMIT = { limit: 10, windowSeconds: 60 * 60 } as const;

const key = (k: string) => `reviews.valid.${k}`;

/** Text a person typed: control characters dropped, trimmed, at most `max` characters as people count them. */
const typed = (max: number, required: string | undefined, tooLong: string) =>
  z
    .string({ error: required ?? tooLong })
    .transform(withoutControls)
    .pipe(
      z
        .string()
        .trim()
        .min(required ? 1 : 0, required)
        .refine((s) => charCount(s) <= max, tooLong),
    );

const itemId = recordId(key('id'));
const reviewId = recordId(key('reviewId'));
const page = z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1);
const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const reviewListSchema = z.object({ id: itemId, page });

export const reviewSaveSchema = z.object({
  id: itemId,
  rating: z.coerce
    .number({ error: key('rating') })
    .int(key('rating'))
    .min(RATING_MIN, key('rating'))
    .max(RATING_MAX, key('rating')),
  content: typed(REVIEW_CONTENT_MAX, key('contentRequired'), key('contentTooLong')),
});
export type ReviewSaveInput = z.output<typeof reviewSaveSchema>;

/** The developer's answer; an empty one takes the answer back. */
export const reviewReplySchema = z.object({
  review_id: reviewId,
  reply: typed(REVIEW_REPLY_MAX, undefined, key('replyTooLong')).default(''),
});

export const reviewReportSchema = z.object({
  review_id: reviewId,
  reason: typed(REVIEW_REASON_MAX, key('reasonRequired'), key('reasonTooLong')),
});

/** The moderation list: reported reviews not yet hidden, or the hidden ones. */
export const reviewModerationListSchema = z.object({
  view: z.enum(['reported', 'hidden']).catch('reported').default('reported'),
  page,
});

/** Hiding needs a reason, shown to the reviewer; showing again does not. */
export const reviewModerateSchema = z
  .object({
    review_id: reviewId,
    hidden: flag,
    reason: typed(REVIEW_REASON_MAX, undefined, key('reasonTooLong')).default(''),
  })
  .refine((v) => !v.hidden || v.reason !== '', { path: ['reason'], message: key('reasonRequired') });

/** One review as the item page shows it. */
export const reviewSchema = z.object({
  id: z.number(),
  rating: z.number(),
  content: z.string(),
  user_name: z.string(),
  create_time: z.number().int(),
  update_time: z.number().int(),
  reply: z.string(),
  reply_time: z.number().int(),
  /** Set only on the caller's own review, which they see even once hidden. */
  hidden_reason: z.string(),
  hidden: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Why the caller may not review the item ('' when they may). */
export const REVIEW_BLOCKS = ['', 'login', 'verify', 'download', 'own'] as const;
export type ReviewBlock = (typeof REVIEW_BLOCKS)[number];

export const reviewPageSchema = z.object({
  list: z.array(reviewSchema),
  /** Visible reviews, for the pager. */
  count: z.number(),
  page: z.number(),
  limit: z.number(),
  /** The item's average (one vote per address) and how many addresses it counts. */
  rating: z.number(),
  rating_count: z.number(),
  mine: reviewSchema.nullable(),
  blocked: z.enum(REVIEW_BLOCKS),
  /** The caller is the item's developer: they may answer reviews. */
  developer: z.boolean(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const reviewSavedSchema = z.object({ id: z.number(), rating: z.number(), rating_count: z.number() });

/** One row of the moderation list. */
export const reviewModerationRowSchema = z.object({
  id: z.number(),
  app_id: z.number(),
  type: z.enum(KINDS),
  item_name: z.string(),
  user_id: z.number(),
  user_name: z.string(),
  rating: z.number(),
  content: z.string(),
  reply: z.string(),
  reports: z.number(),
  reasons: z.array(z.string()),
  hidden: z.boolean(),
  hidden_reason: z.string(),
  update_time: z.number().int(),
});
export type ReviewModerationRow = z.infer<typeof reviewModerationRowSchema>;

export const reviewModerationPageSchema = z.object({
  list: z.array(reviewModerationRowSchema),
  count: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ReviewModerationPage = z.infer<typeof reviewModerationPageSchema>;

import { z } from 'zod';
import { KINDS, STATUS_FILTERS } from './market';
import { recordId } from './record-id';

/** Problem feedback on a plugin or theme (docs/cms-contract.md, section 1), as the CMS admin's form states its limits. */
export const FEEDBACK_CONTENT_MAX = 300;
export const FEEDBACK_VERSION_MAX = 20;
/** Each screenshot and each video: at most 3 MB. */
export const FEEDBACK_FILE_MAX_BYTES = 3 * 1024 * 1024;
/** Reports per page of the developer centre's list (also the first page /api/developer/center answers). */
export const FEEDBACK_PAGE_SIZE = 10;
export const FEEDBACK_IMAGES_MAX = 3;
export const FEEDBACK_VIDEOS_MAX = 3;
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const FEEDBACK_VIDEO_TYPES = ['video/mp4', 'video/x-msvideo', 'video/mpeg'] as const;
/** Only MP4 plays in browsers; AVI and MPEG are offered as downloads. */
export const PLAYABLE_VIDEO = 'video/mp4';
/** Reports per client address and hour: plenty for a site owner, little for a spammer. */
export const FEEDBACK_RATE_LIMIT = { limit: 20, windowSeconds: 60 * 60 } as const;

/** Characters as people count them (an emoji is one), like the CMS's own counter. */
export const charCount = (text: string) => Array.from(text).length;

/** Control characters (NUL can't even be stored) go; tabs stay; line breaks become `\n`. */
export const withoutControls = (s: string) =>
  Array.from(s.replace(/\r\n?/g, '\n'))
    .filter((c) => {
      const n = c.codePointAt(0) ?? 0;
      return n === 9 || n === 10 || (n >= 32 && n !== 127);
    })
    .join('');

const key = (k: string) => `feedback.valid.${k}`;

/** The CMS sends `plugins` or `plugin` for plugins and `theme` for themes; empty means any kind. */
const kind = z.preprocess(
  (v) =>
    typeof v === 'string' ? (v.trim().toLowerCase() === 'plugins' ? 'plugin' : v.trim().toLowerCase()) : v,
  z.enum(['', ...KINDS], { error: key('type') }).default(''),
);

/** Files of one field: absent, an empty file input (browsers send one) and strings count as none. */
const files = (what: 'image' | 'video', max: number) =>
  z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((f) => f instanceof File && f.size > 0),
    z
      .array(z.instanceof(File))
      .min(1, key(`${what}Required`))
      .max(max, key(`${what}TooMany`))
      .refine((list) => list.every((f) => f.size <= FEEDBACK_FILE_MAX_BYTES), key(`${what}TooBig`)),
  );

const itemId = recordId(key('id'));

/** The fields of a report; the form validates with this object before it sends anything. */
export const feedbackFieldsSchema = z.object({
  id: itemId,
  type: kind,
  version: z
    .string({ error: key('versionRequired') })
    .trim()
    .min(1, key('versionRequired'))
    .max(FEEDBACK_VERSION_MAX, key('versionTooLong')),
  content: z
    .string({ error: key('contentRequired') })
    .transform(withoutControls)
    .pipe(
      z
        .string()
        .trim()
        .min(1, key('contentRequired'))
        .refine((s) => charCount(s) <= FEEDBACK_CONTENT_MAX, key('contentTooLong')),
    ),
  images: files('image', FEEDBACK_IMAGES_MAX),
  videos: files('video', FEEDBACK_VIDEOS_MAX),
});

/**
 * `POST /api/market/feedback` and `/api/market_theme/feedback`: the CMS's fields (`bind_id`,
 * `images[]`, `videos[]`; its `name` is ignored) and the portal's own (`id`, `images`, `videos`).
 */
export const feedbackSchema = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const v = raw as Record<string, unknown>;
  return { ...v, id: v.bind_id !== undefined && v.bind_id !== '' ? v.bind_id : v.id };
}, feedbackFieldsSchema);
export type FeedbackInput = z.output<typeof feedbackSchema>;

/** feedback_list: paging, the kind, the status of the item (as the other lists) and, for admins, all=1. */
export const feedbackListSchema = z.object({
  type: z
    .enum(['', ...KINDS])
    .catch('')
    .default(''),
  status: z.enum(STATUS_FILTERS).catch('').default(''),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).catch(FEEDBACK_PAGE_SIZE).default(FEEDBACK_PAGE_SIZE),
  all: z
    .union([z.boolean(), z.string(), z.number()])
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
    .catch(false)
    .default(false),
});
export type FeedbackListInput = z.output<typeof feedbackListSchema>;

/** feedback_read: one report by id, or every report on the caller's items with all=1. */
export const feedbackReadSchema = z
  .object({
    id: recordId().optional().catch(undefined),
    all: z
      .union([z.string(), z.number(), z.boolean()])
      .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
      .optional()
      .catch(false),
  })
  .refine((v) => v.id !== undefined || v.all, { path: ['id'], message: key('id') });

/** The form's item search: released items of a kind by name, or one item by id. */
export const feedbackTargetsSchema = z.object({
  type: z.enum(KINDS).catch('plugin').default('plugin'),
  name: z.string().trim().max(60).optional().default(''),
  id: recordId().optional().catch(undefined),
});

/** A released item the form can report on, with its public versions (oldest first). */
export const feedbackTargetSchema = z.object({
  id: z.number(),
  type: z.enum(KINDS),
  name: z.string(),
  version: z.string(),
  versions: z.array(z.string()),
});
export type FeedbackTarget = z.infer<typeof feedbackTargetSchema>;

/** What a report answers: the CMS reads only `code` and `msg`. */
export const feedbackAnswerSchema = z.object({ id: z.number() });

/** One row of feedback_list as the developer centre reads it. */
export const feedbackRowSchema = z.object({
  id: z.number(),
  app_id: z.number(),
  type: z.enum(KINDS),
  name: z.string(),
  /** The status of the item's latest version. */
  status: z.number(),
  version: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  videos: z.array(z.object({ url: z.string(), mime: z.string(), size: z.number(), playable: z.boolean() })),
  create_time: z.number().int(),
  create_time_text: z.string(),
  is_read: z.boolean(),
  read_time: z.number().int(),
  /** The report is on the caller's own item (an administrator listing all sees others'). */
  mine: z.boolean(),
});
export type FeedbackRow = z.infer<typeof feedbackRowSchema>;

export const feedbackPageSchema = z.object({
  list: z.array(feedbackRowSchema),
  count: z.number(),
  unread: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

/** feedback_read: the one report's read time, or how many all=1 marked. */
export const feedbackReadOutputSchema = z.union([
  z.object({ id: z.number(), read_time: z.number().int() }),
  z.object({ count: z.number() }),
]);

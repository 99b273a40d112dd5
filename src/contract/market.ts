import { z } from 'zod';
import type { RateLimit } from './api/operation';
import { ITEM_LANGUAGE_CODES } from './item-languages';
import { recordId } from './record-id';
import { hasMarkup } from './text';

/** Audit status of a submitted version: reviewed, then approved or failed; released once published. */
export const STATUS = { review: 0, approved: 1, failed: 2, released: 3 } as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];
export const STATUS_FILTERS = ['', '0', '1', '2', '3'] as const;

export const KINDS = ['plugin', 'theme'] as const;
export type Kind = (typeof KINDS)[number];
/** A kind's segment in the portal's paths: /market/plug/{id}, /market/theme/add, /admin/plug. */
export const KIND_SEGMENT = { plugin: 'plug', theme: 'theme' } as const satisfies Record<Kind, string>;

/** Supported device: all, mobile/h5, computer/pc. */
export const DEVICES = [0, 1, 2] as const;

/** Upload limits. */
export const PACKAGE_MAX_BYTES = 20_000_000;
export const IMAGE_MAX_BYTES = 2_000_000;
export const PREVIEW_MAX = 6;
export const REVIEW_DAYS = '1-3';
/**
 * Submissions one account may have waiting for review at once, per queue (plugins and themes
 * together; stations): each new item takes its folder name from the first submission, so without
 * a cap one account could hold every popular folder and bury the administrators' queue.
 */
export const AWAITING_REVIEW_MAX = 10;
/** Files one developer may upload in an hour (unused ones are removed after a day). */
export const UPLOADS_PER_HOUR = { limit: 120, windowSeconds: 3600 } as const;
/**
 * The limit as kept: per account, one count per file, whether uploaded on its own or sent inline
 * with a submission (each file is scanned and stored either way).
 */
export const UPLOAD_LIMIT: RateLimit = { name: 'upload', ...UPLOADS_PER_HOUR, per: ['user'] };
/**
 * Licence codes one developer may generate in an hour (each is a row kept for good): enough for a
 * shop that sells by script, not enough to grow the table without bound.
 */
export const AUTH_CODE_LIMIT: RateLimit = {
  name: 'authCode',
  limit: 600,
  windowSeconds: 3600,
  per: ['user'],
};

/** A version number as the CMS shows it: `1.2.0`, `2025.1000`, `1.0-beta`. */
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;
export const VERSION_MAX = 20;
/** Characters of a version's changelog. */
export const CHANGELOG_MAX = 2000;

// Messages are translation keys under `market.valid.*`; both the form and the handler use them.
const text = (min: number, max: number, key: string) =>
  z
    .string({ error: `market.valid.${key}Required` })
    .trim()
    .min(min, `market.valid.${key}Required`)
    .max(max, `market.valid.${key}TooLong`);

const optional = (max: number, key: string) =>
  z.string().trim().max(max, `market.valid.${key}TooLong`).optional().default('');

const intIn = (values: readonly number[], fallback: number, key: string) =>
  z.coerce
    .number({ error: `market.valid.${key}` })
    .int(`market.valid.${key}`)
    .refine((v) => values.includes(v), `market.valid.${key}`)
    .default(fallback);

/** A stored file key (from /api/developer/upload) or, in multipart, the file itself. */
const fileRef = z.union([z.string().trim().max(300), z.instanceof(File)]);
const fileList = z
  .preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(fileRef))
  .refine((v) => v.length <= PREVIEW_MAX, 'market.valid.previewTooMany');

/** The fields a developer fills in for a plugin or a theme (steps 1 and 2 of the add page). */
// The CMS prints these without escaping: plain text only (docs/cms-contract.md, section 1).
const plain = (schema: z.ZodString, key: string) =>
  schema.refine((v) => !hasMarkup(v), `market.valid.${key}Markup`);

export const appFieldsSchema = z.object({
  name: plain(text(1, 40, 'name'), 'name'),
  describe: plain(text(1, 2000, 'describe'), 'describe'),
  /**
   * Required for every version; left empty, it is the version the package's info.ini states (the
   * submission refuses a version neither gives: market.valid.versionRequired).
   */
  version: optional(VERSION_MAX, 'version').refine((v) => v === '' || VERSION_PATTERN.test(v), {
    message: 'market.valid.versionFormat',
  }),
  /** What changed in this version (plain text, shown with the version on the item page). */
  changelog: optional(CHANGELOG_MAX, 'changelog'),
  support_version: text(1, 40, 'supportVersion'),
  system_version: optional(60, 'systemVersion'),
  device: intIn(DEVICES, 0, 'device'),
  toll: intIn([0, 1], 0, 'toll'),
  langs: z.coerce
    .number({ error: 'market.valid.langs' })
    .int('market.valid.langs')
    .min(1, 'market.valid.langs')
    .max(200, 'market.valid.langs')
    .default(1),
  /** Which languages (codes of ITEM_LANGUAGES); when given, `langs` is their number. */
  lang_list: z
    .preprocess(
      (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',')),
      z.array(z.enum(ITEM_LANGUAGE_CODES, { error: 'market.valid.langs' })).max(ITEM_LANGUAGE_CODES.length),
    )
    .transform((list) => [...new Set(list)])
    .default([]),
  qq: optional(12, 'qq').refine((v) => v === '' || /^[1-9][0-9]{4,11}$/.test(v), 'market.valid.qqFormat'),
  wechat: optional(20, 'wechat').refine(
    (v) => v === '' || /^[A-Za-z][-_A-Za-z0-9]{5,19}$/.test(v),
    'market.valid.wechatFormat',
  ),
});

const required = (key: string) =>
  z.union([z.string().trim().min(1, key).max(300), z.instanceof(File)], { error: key });

/** plugins_add / theme_add: the fields plus the files (keys or files), `id` to resubmit or update. */
export const appAddSchema = appFieldsSchema.extend({
  id: recordId().optional().catch(undefined),
  source: required('market.valid.sourceRequired'),
  pc_image: required('market.valid.imageRequired'),
  pc_preview: fileList,
  h5_image: fileRef.optional().default(''),
  h5_preview: fileList,
});
export type AppAddInput = z.infer<typeof appAddSchema>;

const id = recordId('market.valid.id');

export const idSchema = z.object({ id });

export const listSchema = z.object({
  status: z.enum(STATUS_FILTERS).catch('').default(''),
  name: z.string().trim().max(60).optional().default(''),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export type ListInput = z.infer<typeof listSchema>;
/** The reviewers' list opens on the queue: under review unless another status ('' for all) is asked. */
export const auditListSchema = listSchema.extend({
  status: z.enum(STATUS_FILTERS).catch('0').default('0'),
});

export const detailSchema = z.object({ id, type: z.enum(['info', 'edit']).catch('info').default('info') });

/** The audit form: success (1) or failure (2), remarks, and the version number (required to approve). */
export const auditSchema = z
  .object({
    id,
    version_id: recordId().optional().catch(undefined),
    status: z.coerce
      .number({ error: 'market.valid.auditStatus' })
      .refine((v) => v === 1 || v === 2, 'market.valid.auditStatus'),
    remarks: z.string().trim().max(1000, 'market.valid.remarksTooLong').optional().default(''),
    version: z.string().trim().max(VERSION_MAX, 'market.valid.versionFormat').optional().default(''),
  })
  .refine((v) => v.status !== 1 || v.version !== '', {
    path: ['version'],
    message: 'market.valid.versionRequired',
  })
  .refine((v) => v.version === '' || VERSION_PATTERN.test(v.version), {
    path: ['version'],
    message: 'market.valid.versionFormat',
  })
  .refine((v) => v.status !== 2 || v.remarks !== '', {
    path: ['remarks'],
    message: 'market.valid.remarksRequired',
  });
export type AuditInput = z.infer<typeof auditSchema>;

export const verifyAuthCodeSchema = z.object({
  id,
  code: z
    .string({ error: 'market.valid.authCodeRequired' })
    .trim()
    .min(1, 'market.valid.authCodeRequired')
    .max(64),
});

export const uploadSchema = z.object({
  type: z.enum(['source', 'image'], { error: 'market.valid.uploadType' }),
  kind: z.enum(KINDS).catch('plugin').default('plugin'),
  file: z.instanceof(File, { error: 'market.valid.fileRequired' }),
});

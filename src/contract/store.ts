import { z } from 'zod';
import { DEVICES, type Kind } from './market';
import { recordId } from './record-id';

/**
 * The public market ("store"): what visitors and the CMS admin's app market send. The CMS posts
 * form fields and may add whatever its admin URL held, so unknown fields are ignored and odd values
 * fall back to defaults instead of failing.
 */
export const STORE_PAGE_SIZE = 20;
/** The CMS pages by its own limit (20 by default, any its admin picks): up to 100 are served. */
export const STORE_MAX_LIMIT = 100;
export const SORTS = ['downloads', 'newest', 'name', 'rating'] as const;
export type Sort = (typeof SORTS)[number];

/** Words other clients use for the same orders. */
const SORT_ALIASES: Record<string, Sort> = {
  downloads: 'downloads',
  download: 'downloads',
  download_num: 'downloads',
  hot: 'downloads',
  newest: 'newest',
  new: 'newest',
  latest: 'newest',
  time: 'newest',
  update_time: 'newest',
  name: 'name',
  rating: 'rating',
  score: 'rating',
};

/** `plugins` (the CMS), `plugin` and `plug` (the portal's paths) all mean plugins. */
export function toKind(value: unknown): Kind | undefined {
  const v = String(value ?? '').toLowerCase();
  if (v === 'plugins' || v === 'plugin' || v === 'plug') return 'plugin';
  if (v === 'theme' || v === 'themes') return 'theme';
  return undefined;
}

const kind = z.preprocess(toKind, z.enum(['plugin', 'theme']).catch('plugin'));
const optionalInt = (values: readonly number[]) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
    z
      .number()
      .refine((n) => values.includes(n))
      .optional()
      .catch(undefined),
  );

export const centerSchema = z.object({
  type: kind,
  name: z
    .string()
    .trim()
    .catch('')
    .transform((v) => v.slice(0, 60))
    .default(''),
  // Past the last page is an empty page, not the first one again.
  page: z.coerce
    .number()
    .int()
    .min(1)
    .catch(1)
    .transform((v) => Math.min(v, 1_000_000))
    .default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .catch(STORE_PAGE_SIZE)
    .transform((v) => Math.min(v, STORE_MAX_LIMIT))
    .default(STORE_PAGE_SIZE),
  sortBy: z
    .string()
    .catch('')
    .transform((v) => SORT_ALIASES[v.trim().toLowerCase()] ?? 'downloads')
    .default('downloads'),
  device: optionalInt(DEVICES),
  toll: optionalInt([0, 1]),
});
export type CenterInput = z.infer<typeof centerSchema>;

const id = recordId('market.valid.id');

export const storeDetailSchema = z.object({ id });

/** The CMS sends the code as `license` and again as `code`; the portal sends `code`. */
const licence = z
  .object({ license: z.string().optional(), code: z.string().optional() })
  .transform((v) => (v.code || v.license || '').trim().slice(0, 64));

export const storeVerifySchema = z
  .object({ id, license: z.string().optional(), code: z.string().optional() })
  .transform(({ id, ...rest }) => ({ id, code: licence.parse(rest) }))
  .refine((v) => v.code !== '', { path: ['code'], message: 'market.valid.authCodeRequired' });

/** plugins_download / theme_download: `down_url` and `file_name` are what an earlier answer gave. */
export const storeDownloadSchema = z
  .object({
    id,
    license: z.string().optional(),
    code: z.string().optional(),
    down_url: z.string().max(500).optional(),
  })
  .transform(({ id, down_url, ...rest }) => ({ id, code: licence.parse(rest), downUrl: down_url ?? '' }));
export type StoreDownloadInput = z.infer<typeof storeDownloadSchema>;

/**
 * The store calls of the CMS admin's app market are the same under /api/market_plugins/* and
 * /api/market_theme/*; a `type` field wins over the path (the CMS posts plugin ids to
 * market_theme/detail when it opens its feedback form).
 */
export const withType = <S extends z.ZodType>(schema: S) =>
  z.intersection(schema, z.object({ type: z.unknown().optional() }));

export const STORE_LIMITS = {
  /** Download calls per address: bounds what one machine can add to the raw counts. */
  downloadsPerIp: { limit: 120, windowSeconds: 10 * 60 },
  /** Wrong licence codes per address and item before further tries are refused for a while. */
  wrongCodes: { limit: 10, windowSeconds: 15 * 60 },
  /** How long a paid package link stays valid. */
  ticketSeconds: 60 * 60,
} as const;

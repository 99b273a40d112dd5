import { z } from 'zod';
import { MAX_RECORD_ID, recordId } from './record-id';

/** Review states of a station (approved is final: a station has no separate release step). */
export const STATION_STATUS = { review: 0, approved: 1, rejected: 2 } as const;
export const SUPPORT_FLAGS = ['https', 'm3u8', 'player'] as const;
export type SupportFlag = (typeof SUPPORT_FLAGS)[number];

/**
 * The players a stock MacCMS Pro site has (its application/extra/vodplayer.php). Its collector drops
 * every play source whose code is not one of the site's players, and still reports success
 * (docs/cms-contract.md, section 2): a library's codes must be published with the player to add.
 */
export const STOCK_PLAYERS = ['dplayer', 'videojs', 'iva', 'iframe', 'link', 'swf', 'flv'] as const;
export const isStockPlayer = (code: string) => (STOCK_PLAYERS as readonly string[]).includes(code);

/** What a site owner adds in the CMS (视频 → 播放器) to play a code: a copy of a stock player. */
export const playerSetupSchema = z.object({
  code: z.string(),
  stock: z.boolean(),
  base: z.enum(['dplayer', 'iframe']),
  name: z.string(),
});
export type PlayerSetup = z.infer<typeof playerSetupSchema>;
export const playerSetup = (code: string, name: string, m3u8: boolean): PlayerSetup => ({
  code,
  stock: isStockPlayer(code),
  // m3u8 and mp4 links play in DPlayer (hls.js); anything else is a play page shown in a frame.
  base: m3u8 ? 'dplayer' : 'iframe',
  name,
});

/** provide/vod limits (docs/cms-contract.md, section 2). */
/**
 * Station probes (the check before submitting, and the one `vod_add` makes), per account and per
 * address: each fetches and reads an address the caller chose.
 */
export const PROBES_PER_MINUTE = { limit: 20, windowSeconds: 60 } as const;

export const PROVIDE_PAGE_SIZE = 20;
export const PROVIDE_PAGE_SIZE_MAX = 100;

const text = (key: string, max: number) =>
  z
    .string({ error: key })
    .trim()
    .min(1, key)
    .max(max, 'resource.valid.tooLong')
    .refine((v) => !/[<>]/.test(v), 'resource.valid.noMarkup');

const httpUrl = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .min(1, key)
    .max(500, 'resource.valid.tooLong')
    .refine(
      (v) => /^https?:\/\/[^\s/$.?#][^\s<>"']*$/i.test(v) && URL.canParse(v),
      'resource.valid.urlFormat',
    );

/** Station address: the collection API URL the probe and the collector call. */
export const stationUrlSchema = httpUrl('resource.valid.apiUrlRequired');

/** `support` arrives as an array (JSON, repeated form fields) or a comma-separated string. */
const support = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z
    .array(z.enum(SUPPORT_FLAGS, { error: 'resource.valid.supportRequired' }), {
      error: 'resource.valid.supportRequired',
    })
    .min(1, 'resource.valid.supportRequired')
    .transform((list) => [...new Set(list)]),
);

export const stationSchema = z.object({
  type_id: recordId('resource.valid.typeRequired'),
  name: text('resource.valid.nameRequired', 60),
  player_code: z
    .string({ error: 'resource.valid.playerRequired' })
    .trim()
    .min(1, 'resource.valid.playerRequired')
    .max(40, 'resource.valid.tooLong')
    .regex(/^[A-Za-z0-9_.-]+$/, 'resource.valid.playerFormat'),
  api_url: stationUrlSchema,
  site_url: httpUrl('resource.valid.siteRequired'),
  support,
  toll: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.enum(['0', '1'], { error: 'resource.valid.tollRequired' }),
  ),
  describe: text('resource.valid.describeRequired', 1000),
});
export type StationInput = z.input<typeof stationSchema>;

export const probeSchema = z.object({ api_url: stationUrlSchema });

export const stationListSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  limit: z.coerce.number().int().min(1).max(100).catch(20),
  /** `all`: every developer's stations (administrators only). */
  scope: z.enum(['mine', 'all']).catch('mine'),
  status: z.coerce.number().int().min(0).max(2).optional().catch(undefined),
});

export const auditSchema = z.object({
  id: recordId('resource.valid.idRequired'),
  status: z.coerce
    .number({ error: 'resource.valid.statusRequired' })
    .pipe(z.union([z.literal(1), z.literal(2)], { error: 'resource.valid.statusRequired' })),
  remarks: z.string().trim().max(500, 'resource.valid.tooLong').optional().default(''),
});

/** The public library list of /resource. */
export const libraryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  wd: z.string().trim().max(50).catch(''),
  t: z.coerce.number().int().min(0).catch(0),
});

/** A category of the collection format: the station form's choices and the collector's `class[]`. */
export const resourceTypeSchema = z.object({
  type_id: z.number().int(),
  type_name: z.string(),
  type_pid: z.number().int(),
});
export type ResourceType = z.infer<typeof resourceTypeSchema>;

export const probeResultSchema = z.object({
  ok: z.boolean(),
  format: z.enum(['json', 'xml', '']),
  total: z.number().int(),
  classes: z.number().int(),
  ms: z.number(),
  /** Translated reason when not ok. */
  error: z.string(),
});
export type ProbeResult = z.infer<typeof probeResultSchema>;

/** A station as the developer, the administrator and the public directory read it. */
export const stationViewSchema = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  type_name: z.string(),
  name: z.string(),
  player_code: z.string(),
  player: playerSetupSchema,
  api_url: z.string(),
  site_url: z.string(),
  support: z.array(z.enum(SUPPORT_FLAGS)),
  toll: z.number().int(),
  describe: z.string(),
  status: z.number().int(),
  remarks: z.string(),
  add_time: z.number().int(),
  add_time_text: z.string(),
  audit_time: z.number().int(),
  /** The last check of the address (on submission and before each collection). */
  probe: probeResultSchema.omit({ format: true }).extend({ time: z.number().int(), format: z.string() }),
  health: z.object({
    last_collect_time: z.number().int(),
    last_success_time: z.number().int(),
    /** null until the first collection. */
    ok: z.boolean().nullable(),
    error: z.string(),
    videos: z.number().int(),
  }),
  /** The owner, in the administrator's list. */
  user: z.object({ user_id: z.number().int(), name: z.string(), email: z.string() }).optional(),
});
export type StationView = z.infer<typeof stationViewSchema>;

const intOr = (fallback: number, min: number, max: number) =>
  z.preprocess((v) => {
    const n = Number.parseInt(String(v ?? ''), 10);
    return Number.isFinite(n) ? Math.min(Math.max(n, min), max) : fallback;
  }, z.number().int());

/** The query of `GET /resource-api/provide/vod`; the collector sends no junk, anything odd falls back. */
export const provideQuerySchema = z.object({
  ac: z.enum(['list', 'videolist', 'detail']).catch('list'),
  t: intOr(0, 0, 1_000_000),
  pg: intOr(1, 1, 100_000),
  wd: z.string().trim().max(50).catch(''),
  h: intOr(0, 0, 24 * 365 * 10),
  ids: z
    .string()
    .catch('')
    .transform((v) => {
      const ids = v
        .split(',')
        .map((s) => Number.parseInt(s.trim(), 10))
        .filter((n) => Number.isInteger(n) && n > 0 && n <= MAX_RECORD_ID)
        .slice(0, PROVIDE_PAGE_SIZE_MAX);
      // Ids were asked for but none is a number: nothing matches (id 0 never exists), not everything.
      return v.trim() && ids.length === 0 ? [0] : ids;
    }),
  pagesize: intOr(PROVIDE_PAGE_SIZE, 1, PROVIDE_PAGE_SIZE_MAX),
  at: z
    .string()
    .catch('')
    .transform((v) => (v.toLowerCase() === 'xml' ? 'xml' : 'json')),
  year: z
    .string()
    .trim()
    .regex(/^\d{4}$/)
    .optional()
    .catch(undefined),
});
export type ProvideQuery = z.output<typeof provideQuerySchema>;

/** One entry of the collection format (docs/cms-contract.md, section 2), every field as the collector reads it. */
export const vodItemSchema = z.object({
  vod_id: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  vod_name: z.string(),
  vod_en: z.string(),
  vod_time: z.string(),
  vod_remarks: z.string(),
  vod_pic: z.string(),
  vod_actor: z.string(),
  vod_director: z.string(),
  vod_area: z.string(),
  vod_lang: z.string(),
  vod_year: z.string(),
  vod_content: z.string(),
  vod_play_from: z.string(),
  vod_play_url: z.string(),
});

/** A numeric remote id goes out as a number, as the CMS's own API sends it. */
const vodIdSchema = z.union([z.number().int(), z.string()]);

const providePage = {
  code: z.literal(1),
  msg: z.string(),
  page: z.number().int(),
  pagecount: z.number().int(),
  /** A string (`"20"`), as the CMS's own API sends it. */
  limit: z.string(),
  total: z.number().int(),
};

/** `provide/vod?ac=list` as JSON: short entries and the categories (docs/cms-contract.md, section 2). */
export const provideListSchema = z.object({
  ...providePage,
  list: z.array(
    vodItemSchema
      .pick({
        vod_name: true,
        type_id: true,
        type_name: true,
        vod_en: true,
        vod_time: true,
        vod_remarks: true,
        vod_play_from: true,
      })
      .extend({ vod_id: vodIdSchema }),
  ),
  class: z.array(resourceTypeSchema.partial({ type_pid: true })),
});

/**
 * `provide/vod?ac=videolist|detail` as JSON: full records, no `class`. `vod_serial` is the episode a
 * running series is at ("0" when finished), `vod_isend` 1 when finished.
 */
export const provideDetailSchema = z.object({
  ...providePage,
  list: z.array(
    vodItemSchema.extend({
      vod_id: vodIdSchema,
      vod_serial: z.string(),
      vod_isend: z.union([z.literal(0), z.literal(1)]),
    }),
  ),
});

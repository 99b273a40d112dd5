import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, namedBy, ownedBy, updatedAt } from './columns';
import { users } from './core';

/**
 * One plugin or theme. What visitors see is the released version (`releasedVersionId`); the latest
 * version may be under review at the same time. Counters are kept here for the public market.
 */
export const apps = pgTable(
  'market_apps',
  {
    id: id(),
    kind: text('kind').$type<'plugin' | 'theme'>().notNull(),
    ownerId: ownedBy('owner_id', () => users.id),
    /** The package folder the CMS installs it as; fixed for the item's life, unique per kind. */
    folder: text('folder'),
    latestVersionId: integer('latest_version_id'),
    releasedVersionId: integer('released_version_id'),
    downloadNum: integer('download_num').notNull().default(0),
    /** A paid item's "how to buy" note, plain text the developer writes; shown on its public page. */
    howToBuy: text('how_to_buy').notNull().default(''),
    /** The average of the visible reviews, one vote per address (ratings/average.ts); 0 without any. */
    rating: real('rating').notNull().default(0),
    /** How many addresses that average counts. */
    ratingCount: integer('rating_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('market_apps_owner_idx').on(t.ownerId, t.kind),
    index('market_apps_released_idx').on(t.kind, t.releasedVersionId),
    uniqueIndex('market_apps_folder_unique').on(t.kind, sql`lower(${t.folder})`),
  ],
);

export type ValidationReport = {
  ok: boolean;
  held: boolean;
  file_name: string;
  size: number;
  folder: string;
  entries: number;
  uncompressed: number;
  checks: {
    level: 'pass' | 'warn' | 'fail' | 'hold';
    key: string;
    params?: Record<string, string | number>;
  }[];
  /** 'root' once the package is known to hold its files at the zip's root (the CMS's install layout). */
  layout?: 'root' | 'unreadable';
  /**
   * 'one' once the stored bytes are the zip rebuilt from the entries the scan read (one reading for
   * every unzip tool); 'unreadable' when a stored package fails today's reader.
   */
  reading?: 'one' | 'unreadable';
  /** SHA-256 of the stored bytes (after any repack). */
  sha256?: string;
  /** What the package's info.ini says (the add form pre-fills from it); absent in earlier reports. */
  info?: PackageInfo;
};

/**
 * The package's own description in its info.ini: `name` is the display name (a plugin's `title`; its
 * `name` is the folder), `folder` the folder it names ('' for a theme that names none), `intro` its
 * description; '' for what the file does not say.
 */
export type PackageInfo = { name: string; folder: string; version: string; intro: string; author: string };

/** Every submission of an app: its fields, files, validation report and audit state. */
export const appVersions = pgTable(
  'market_app_versions',
  {
    id: id(),
    appId: ownedBy('app_id', () => apps.id),
    status: smallint('status').notNull().default(0),
    /** Proposed by the developer, fixed by the reviewer on approval. */
    version: text('version').notNull().default(''),
    name: text('name').notNull(),
    describe: text('describe').notNull(),
    supportVersion: text('support_version').notNull().default(''),
    systemVersion: text('system_version').notNull().default(''),
    device: smallint('device').notNull().default(0),
    toll: smallint('toll').notNull().default(0),
    langs: integer('langs').notNull().default(1),
    /** Which languages (ITEM_LANGUAGES codes); empty for versions submitted before the list existed. */
    langList: jsonb('lang_list').$type<string[]>().notNull().default([]),
    qq: text('qq').notNull().default(''),
    wechat: text('wechat').notNull().default(''),
    userName: text('user_name').notNull().default(''),
    userDomain: text('user_domain').notNull().default(''),
    packageKey: text('package_key').notNull(),
    packageName: text('package_name').notNull(),
    packageSize: integer('package_size').notNull(),
    folder: text('folder').notNull(),
    pcImage: text('pc_image').notNull(),
    pcPreview: jsonb('pc_preview').$type<string[]>().notNull().default([]),
    h5Image: text('h5_image').notNull().default(''),
    h5Preview: jsonb('h5_preview').$type<string[]>().notNull().default([]),
    report: jsonb('report').$type<ValidationReport>().notNull(),
    held: boolean('held').notNull().default(false),
    remarks: text('remarks').notNull().default(''),
    /** What changed in this version, as the developer wrote it (plain text, shown on the item page). */
    changelog: text('changelog').notNull().default(''),
    downloadNum: integer('download_num').notNull().default(0),
    submittedAt: at('submitted_at').notNull().defaultNow(),
    auditedAt: at('audited_at'),
    auditorId: namedBy('auditor_id', () => users.id),
    releasedAt: at('released_at'),
    /**
     * Search tokens of `name` and `describe` (server/search/tokens.ts), written with them; null until
     * computed (rows written before the columns existed, or by hand): the store search fills those.
     */
    nameTokens: text('name_tokens').array(),
    textTokens: text('text_tokens').array(),
  },
  (t) => [
    index('market_versions_app_idx').on(t.appId),
    index('market_versions_queue_idx').on(t.status, t.submittedAt),
    index('market_versions_package_idx').on(t.packageKey),
  ],
);

/** Every state change of a version: submitted, held, approved, rejected, released. */
export const auditRecords = pgTable(
  'market_audit_records',
  {
    id: id(),
    appId: ownedBy('app_id', () => apps.id),
    versionId: ownedBy('version_id', () => appVersions.id),
    actorId: namedBy('actor_id', () => users.id),
    action: text('action').$type<'submit' | 'approve' | 'reject' | 'publish'>().notNull(),
    status: smallint('status').notNull(),
    version: text('version').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('market_audit_app_idx').on(t.appId, t.createdAt)],
);

/** Files a developer uploaded, with their validation report; a submission may only use its owner's. */
export const uploads = pgTable(
  'market_uploads',
  {
    key: text('key').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    type: text('type').$type<'source' | 'image'>().notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    folder: text('folder').notNull().default(''),
    report: jsonb('report').$type<ValidationReport>(),
    createdAt: createdAt(),
  },
  (t) => [index('market_uploads_user_idx').on(t.userId)],
);

/**
 * Licence codes of paid items: bound to one app, counted when verified. Optional limits: how many
 * sites may redeem it (`maxSites`) and until when (`expiresAt`); a revoked code stays listed.
 */
export const authCodes = pgTable(
  'market_auth_codes',
  {
    id: id(),
    appId: ownedBy('app_id', () => apps.id),
    code: text('code').notNull(),
    uses: integer('uses').notNull().default(0),
    maxSites: integer('max_sites'),
    expiresAt: at('expires_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('market_auth_codes_code_unique').on(sql`upper(${t.code})`),
    index('market_auth_codes_app_idx').on(t.appId),
  ],
);

/** The sites (hosts) that redeemed a licence code through the CMS's check, with their uses. */
export const authCodeSites = pgTable(
  'market_auth_code_sites',
  {
    codeId: ownedBy('code_id', () => authCodes.id),
    host: text('host').notNull(),
    uses: integer('uses').notNull().default(0),
    firstAt: at('first_at').notNull().defaultNow(),
    lastAt: at('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.host] })],
);

/**
 * Downloads per item, version and China-time day: every download call (`downloads`) and the distinct
 * clients among them (`uniques`, the figure shown publicly, so repeated calls cannot inflate it).
 */
export const downloadDays = pgTable(
  'market_download_days',
  {
    appId: ownedBy('app_id', () => apps.id),
    versionId: ownedBy('version_id', () => appVersions.id),
    day: date('day', { mode: 'string' }).notNull(),
    downloads: integer('downloads').notNull().default(0),
    uniques: integer('uniques').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.versionId, t.day] }),
    index('market_download_days_day_idx').on(t.day),
  ],
);

/** Which clients (hashed x-client-id, else address) downloaded a version on a day; kept 35 days. */
export const downloadClients = pgTable(
  'market_download_clients',
  {
    versionId: ownedBy('version_id', () => appVersions.id),
    day: date('day', { mode: 'string' }).notNull(),
    client: text('client').notNull(),
    /** The hashed address it came from: only a few clients per address count (see countDownload). */
    addr: text('addr').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.day, t.client] }),
    index('market_download_clients_addr_idx').on(t.versionId, t.day, t.addr),
  ],
);

/** Short-lived links to a paid package, handed out after a licence check (stored hashed). */
export const downloadTickets = pgTable(
  'market_download_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    versionId: ownedBy('version_id', () => appVersions.id),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('market_download_tickets_expiry_idx').on(t.expiresAt)],
);

export type FeedbackVideo = { key: string; mime: string; size: number };

/** Problem feedback on an item, from the CMS admin or the portal, with a screenshot and a video. */
export const feedback = pgTable(
  'market_feedback',
  {
    id: id(),
    appId: ownedBy('app_id', () => apps.id),
    /** The version the report concerns, when it matches one of the item's versions. */
    versionId: namedBy('version_id', () => appVersions.id),
    version: text('version').notNull(),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    videos: jsonb('videos').$type<FeedbackVideo[]>().notNull().default([]),
    userId: namedBy('user_id', () => users.id),
    client: text('client').notNull().default(''),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('market_feedback_app_idx').on(t.appId, t.createdAt)],
);

/**
 * Library releases an administrator imported for the package scan (Twig 3.5.1, phpseclib 3.0.19…):
 * a package file identical to one of their files is trusted, a changed copy is held. Hashes only
 * (market/validate/known-files.ts); re-importing a library and version replaces it.
 */
export const knownReleases = pgTable(
  'market_known_releases',
  {
    id: id(),
    library: text('library').notNull(),
    version: text('version').notNull(),
    files: integer('files').notNull(),
    importedBy: namedBy('imported_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('market_known_releases_unique').on(t.library, t.version)],
);

/** Each file of a known release: its path in the release, the SHA-256 of its normalised bytes and, for text, 8-byte line hashes (base64). */
export const knownFiles = pgTable(
  'market_known_files',
  {
    releaseId: ownedBy('release_id', () => knownReleases.id),
    path: text('path').notNull(),
    sha256: text('sha256').notNull(),
    lines: text('lines'),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.path] })],
);

/**
 * Who downloaded an item while logged in (the download clients above are anonymous and kept 35
 * days): only they may review it. One row per account and item, the first download's time.
 */
export const userDownloads = pgTable(
  'market_user_downloads',
  {
    userId: ownedBy('user_id', () => users.id),
    appId: ownedBy('app_id', () => apps.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] })],
);

/**
 * A user's rating (1-5) and review of an item, one per account and item, editable; the developer's
 * public answer; an administrator's hiding with its reason. `addr` is the hashed address it was
 * written from: the item's average counts one vote per address.
 */
export const itemReviews = pgTable(
  'market_item_reviews',
  {
    id: id(),
    appId: ownedBy('app_id', () => apps.id),
    userId: ownedBy('user_id', () => users.id),
    rating: smallint('rating').notNull(),
    content: text('content').notNull(),
    addr: text('addr').notNull(),
    reply: text('reply').notNull().default(''),
    repliedAt: at('replied_at'),
    hiddenAt: at('hidden_at'),
    hiddenReason: text('hidden_reason').notNull().default(''),
    hiddenBy: namedBy('hidden_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('market_item_reviews_unique').on(t.appId, t.userId),
    index('market_item_reviews_app_idx').on(t.appId, t.updatedAt),
  ],
);

/** Reports of a review, one per reporter (an account, else a hashed address) and review. */
export const reviewReports = pgTable(
  'market_review_reports',
  {
    id: id(),
    reviewId: ownedBy('review_id', () => itemReviews.id),
    reporter: text('reporter').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('market_review_reports_unique').on(t.reviewId, t.reporter)],
);

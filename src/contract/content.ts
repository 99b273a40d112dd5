import { z } from 'zod';
import { intRange } from './int-range';
import { DEFAULT_LOCALE, type Locale } from './locales';
import { MAX_RECORD_ID } from './record-id';

export const RELEASE_EDITIONS = ['pro', 'v10', 'v8'] as const;
export type ReleaseEdition = (typeof RELEASE_EDITIONS)[number];
export const RELEASE_KINDS = ['install', 'upgrade'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

/** Blog list page size, as on the earlier portal (docs/cms-contract.md, section 3). */
export const BLOG_PAGE_SIZE = 8;
export const ARTICLE_LIST_MAX_LIMIT = 50;
export const ARTICLE_LIST_MAX_OFFSET = 100_000;

/** The backdoor clean-up tutorial that the domain check links to; its slug never changes. */
export const BACKDOOR_POST_SLUG = 'clean-up-backdoor';
export const BACKDOOR_POST_PATH = `/blog/${BACKDOOR_POST_SLUG}`;

/** The blog's RSS feed in one language (the feed takes `?lang=`, zh-cn by default). */
export const rssPath = (locale: Locale) =>
  locale === DEFAULT_LOCALE ? '/rss.xml' : `/rss.xml?lang=${locale}`;

export const articleListSchema = z.object({
  offset: intRange(0, ARTICLE_LIST_MAX_OFFSET, 0),
  limit: intRange(1, ARTICLE_LIST_MAX_LIMIT, BLOG_PAGE_SIZE),
});

/** A post is named by its numeric id or its slug. */
export const ARTICLE_REF = /^(?:[1-9][0-9]{0,8}|[a-z0-9][a-z0-9-]{0,79})$/;

export const articleDetailSchema = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: 'content.valid.articleId' })
      .trim()
      .min(1, 'content.valid.articleId')
      .regex(ARTICLE_REF, 'content.valid.articleId'),
  ),
});

export const releaseDownloadSchema = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? Number(v) : v),
    z
      .number({ error: 'content.valid.releaseId' })
      .int('content.valid.releaseId')
      .min(1, 'content.valid.releaseId')
      .max(MAX_RECORD_ID, 'content.valid.releaseId'),
  ),
});

export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]{0,39}$/;

/** What `npm run release:add` accepts. */
export const releaseAddSchema = z.object({
  edition: z.enum(RELEASE_EDITIONS),
  kind: z.enum(RELEASE_KINDS),
  version: z.string().trim().regex(VERSION_PATTERN, 'a version such as 2025.1000.4052'),
  date: z.iso.date().optional(),
  notesZh: z.string().trim().max(4000).default(''),
  notesEn: z.string().trim().max(4000).default(''),
});

/** A release as pages and the update log read it. */
export const releaseViewSchema = z.object({
  id: z.number().int(),
  edition: z.enum(RELEASE_EDITIONS),
  kind: z.enum(RELEASE_KINDS),
  version: z.string(),
  notes: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  downloads: z.number().int(),
  release_time: z.number().int(),
  release_date: z.string(),
  download_url: z.string(),
  /** The package's detached Ed25519 signature (64 raw bytes), checked against /maccms-release.pub. */
  signature_url: z.string(),
});
export type ReleaseView = z.infer<typeof releaseViewSchema>;

/** A post in the blog list (`create_time` in Unix seconds, as the earlier portal answered: docs/cms-contract.md, section 3). */
export const articleRowSchema = z.object({
  article_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content_abbr: z.string(),
  image_url: z.string(),
  create_time: z.number().int(),
  create_date: z.string(),
});
export type ArticleRow = z.infer<typeof articleRowSchema>;

/** A post with its HTML `content`. */
export const articleDetailViewSchema = articleRowSchema.extend({ content: z.string() });
export type ArticleDetail = z.infer<typeof articleDetailViewSchema>;

/** The previous (older) or next (newer) post beside one. */
export const articleNeighbourSchema = articleRowSchema.pick({ article_id: true, slug: true, title: true });

const link = z.object({ name: z.string().min(1).max(100), url: z.string().min(1).max(500) });

/** The site dictionary as content/site.json (and SITE_CONFIG_FILE) write it. */
export const siteConfigFileSchema = z.object({
  site_name: z.string().min(1).max(100),
  site_url: z.string().max(500),
  chat_group_url: z.string().max(500),
  download_channels: z.array(link.extend({ key: z.string().min(1).max(40) })).max(20),
  partners: z.array(link).max(40),
  licenses: z.array(z.object({ slug: z.string().regex(/^[a-z0-9.-]+$/), name: z.string().max(60) })).max(20),
  contacts: z.record(z.string(), z.string().max(500)),
  promo_video: z.object({ src: z.string().max(500), poster: z.string().max(500), type: z.string().max(60) }),
});

/** The site dictionary of `GET /api/home/config`, used by the header, footer and home page. */
export const siteConfigSchema = siteConfigFileSchema.extend({ official_domains: z.array(z.string()) });
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** The documentation's left navigation (docs/cms-contract.md, section 3); each sub-item is a Markdown page. */
export const DOC_NAV = [
  { menu: 'start', subs: ['install', 'quickstart', 'upgrade'] },
  { menu: 'faq', subs: ['storage', 'languages', 'cron'] },
  { menu: 'tags', subs: ['template-tags'] },
  { menu: 'api', subs: ['reference', 'collect-api', 'market-package', 'article-api'] },
  { menu: 'log', subs: [] },
] as const;
export type DocMenu = (typeof DOC_NAV)[number]['menu'];
export const UPDATE_LOG_MENU = 'log';
/** The docs page that adds the API reference generated from the operation registry to its Markdown. */
export const API_REFERENCE_PAGE = { menu: 'api', sub: 'reference' } as const;

/** Help centre categories, in display order; each is content/help/<category>/<locale>.md. */
export const HELP_CATEGORIES = ['install', 'collect', 'template', 'security', 'market'] as const;

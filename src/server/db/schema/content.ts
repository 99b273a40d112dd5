import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Install and upgrade packages of the CMS, one row per edition, kind and version. */
export const releases = pgTable(
  'releases',
  {
    id: serial('id').primaryKey(),
    edition: text('edition').notNull(),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    /** Release notes per locale (Markdown-free plain lines); zh-cn is the fallback. */
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    downloads: integer('downloads').notNull().default(0),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('releases_edition_kind_version_unique').on(t.edition, t.kind, t.version),
    index('releases_released_idx').on(t.releasedAt),
  ],
);

/** Blog posts; the text of each language lives in article_texts. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('articles_slug_unique').on(t.slug), index('articles_published_idx').on(t.publishedAt)],
);

export const articleTexts = pgTable(
  'article_texts',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull(),
    /** Sanitised HTML rendered from the Markdown source when the post is loaded. */
    html: text('html').notNull(),
  },
  (t) => [uniqueIndex('article_texts_article_locale_unique').on(t.articleId, t.locale)],
);

import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, ownedBy } from './columns';

/** Install and upgrade packages of the CMS, one row per edition, kind and version. */
export const releases = pgTable(
  'releases',
  {
    id: id(),
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
    releasedAt: at('released_at').notNull(),
    createdAt: createdAt(),
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
    id: id(),
    slug: text('slug').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    publishedAt: at('published_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('articles_slug_unique').on(t.slug), index('articles_published_idx').on(t.publishedAt)],
);

export const articleTexts = pgTable(
  'article_texts',
  {
    id: id(),
    articleId: ownedBy('article_id', () => articles.id),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull(),
    /** Sanitised HTML rendered from the Markdown source when the post is loaded. */
    html: text('html').notNull(),
    /** The cover in this language (it carries the title); empty: the post's own `image_url`. */
    imageUrl: text('image_url').notNull().default(''),
  },
  (t) => [uniqueIndex('article_texts_article_locale_unique').on(t.articleId, t.locale)],
);

import 'server-only';
import { sql } from 'drizzle-orm';
import type { Locale } from '@/contract/locales';
import { getDb } from '../db/client';
import { articles, articleTexts } from '../db/schema';
import { renderMarkdown, summary } from './markdown';

export type ArticleSource = {
  slug: string;
  imageUrl: string;
  publishedAt: Date;
  /** Each language's text, and its cover when the cover carries words (`imageUrl` otherwise). */
  texts: Partial<Record<Locale, { title: string; abstract?: string; markdown: string; imageUrl?: string }>>;
};

const ABSTRACT_CHARS = 160;

/**
 * Creates or updates a post by its slug, in one transaction: loading the same Markdown twice
 * (every start, several nodes) never duplicates a post, and its id stays stable.
 */
export async function saveArticle(source: ArticleSource) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(articles)
      .values({ slug: source.slug, imageUrl: source.imageUrl, publishedAt: source.publishedAt })
      .onConflictDoUpdate({
        target: articles.slug,
        set: { imageUrl: source.imageUrl, publishedAt: source.publishedAt },
      })
      .returning({ id: articles.id });
    const articleId = row!.id;
    for (const [locale, text] of Object.entries(source.texts)) {
      if (!text) continue;
      const html = renderMarkdown(text.markdown, locale as Locale).html;
      const abstract = text.abstract?.slice(0, ABSTRACT_CHARS) || summary(text.markdown, ABSTRACT_CHARS);
      await tx
        .insert(articleTexts)
        .values({ articleId, locale, title: text.title, abstract, html, imageUrl: text.imageUrl ?? '' })
        .onConflictDoUpdate({
          target: [articleTexts.articleId, articleTexts.locale],
          set: {
            title: sql`excluded.title`,
            abstract: sql`excluded.abstract`,
            html: sql`excluded.html`,
            imageUrl: sql`excluded.image_url`,
          },
        });
    }
    return articleId;
  });
}

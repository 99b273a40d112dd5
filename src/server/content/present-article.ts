import 'server-only';
import { inArray } from 'drizzle-orm';
import type { ArticleRow } from '@/contract/content';
import { DEFAULT_LOCALE, type Locale } from '@/contract/locales';
import { getDb } from '../db/client';
import { type articles, articleTexts } from '../db/schema';
import { formatTime } from './format-time';

type Text = typeof articleTexts.$inferSelect;

/** The text of each post in `locale`, falling back to zh-cn, then to any language it has. */
export async function textsFor(ids: number[], locale: Locale): Promise<Map<number, Text>> {
  if (!ids.length) return new Map();
  const db = await getDb();
  const rows = await db.select().from(articleTexts).where(inArray(articleTexts.articleId, ids));
  const rank = (l: string) => (l === locale ? 0 : l === DEFAULT_LOCALE ? 1 : 2);
  const best = new Map<number, Text>();
  for (const row of rows) {
    const current = best.get(row.articleId);
    if (!current || rank(row.locale) < rank(current.locale)) best.set(row.articleId, row);
  }
  return best;
}

export function presentArticleRow(row: typeof articles.$inferSelect, text: Text): ArticleRow {
  const time = Math.floor(row.publishedAt.getTime() / 1000);
  return {
    article_id: row.id,
    slug: row.slug,
    title: text.title,
    content_abbr: text.abstract,
    image_url: text.imageUrl || row.imageUrl,
    create_time: time,
    create_date: formatTime(time),
  };
}

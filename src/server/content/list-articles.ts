import 'server-only';
import { count, desc } from 'drizzle-orm';
import type { ArticleRow } from '@/contract/content';
import type { Locale } from '@/contract/locales';
import { getDb } from '../db/client';
import { articles } from '../db/schema';
import { presentArticleRow, textsFor } from './present-article';

/** One page of posts, newest first, in the caller's language (zh-cn where a post lacks it). */
export async function listArticles(args: { locale: Locale; offset: number; limit: number }) {
  const db = await getDb();
  const [total] = await db.select({ n: count() }).from(articles);
  const rows = await db
    .select()
    .from(articles)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(args.limit)
    .offset(args.offset);
  const texts = await textsFor(
    rows.map((r) => r.id),
    args.locale,
  );
  const list: ArticleRow[] = rows.flatMap((row) => {
    const text = texts.get(row.id);
    return text ? [presentArticleRow(row, text)] : [];
  });
  return { rows: list, total: total?.n ?? 0 };
}

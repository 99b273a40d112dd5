import 'server-only';
import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import type { ArticleDetail, ArticleRow } from '@/contract/content';
import type { Locale } from '@/contract/locales';
import { isRecordId } from '@/contract/record-id';
import { getDb } from '../db/client';
import { articles } from '../db/schema';
import { invalid } from '../errors';
import { presentArticleRow, textsFor } from './present-article';

type Neighbour = Pick<ArticleRow, 'article_id' | 'slug' | 'title'>;

/** One post by id or slug, with the previous (older) and next (newer) posts. */
export async function getArticle(args: { ref: string; locale: Locale }) {
  const db = await getDb();
  const byId = /^[0-9]+$/.test(args.ref);
  if (byId && !isRecordId(args.ref)) throw invalid('content.article.notFound');
  const [row] = await db
    .select()
    .from(articles)
    .where(byId ? eq(articles.id, Number(args.ref)) : eq(articles.slug, args.ref));
  if (!row) throw invalid('content.article.notFound');
  const at = row.publishedAt;
  const [older] = await db
    .select()
    .from(articles)
    .where(or(lt(articles.publishedAt, at), and(eq(articles.publishedAt, at), lt(articles.id, row.id))))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(1);
  const [newer] = await db
    .select()
    .from(articles)
    .where(or(gt(articles.publishedAt, at), and(eq(articles.publishedAt, at), gt(articles.id, row.id))))
    .orderBy(asc(articles.publishedAt), asc(articles.id))
    .limit(1);
  const ids = [row, older, newer].filter((r) => r !== undefined).map((r) => r.id);
  const texts = await textsFor(ids, args.locale);
  const text = texts.get(row.id);
  if (!text) throw invalid('content.article.notFound');
  const neighbour = (r: typeof row | undefined): Neighbour | null => {
    const t = r && texts.get(r.id);
    return r && t ? { article_id: r.id, slug: r.slug, title: t.title } : null;
  };
  const detail: ArticleDetail = { ...presentArticleRow(row, text), content: text.html };
  return { detail, prev: neighbour(older), next: neighbour(newer) };
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BLOG_PAGE_SIZE } from '@/contract/content';
import { toLocale } from '@/contract/locales';
import { BlogList } from '@/features/content/blog/BlogList';
import { cachedArticles } from '@/server/content/cached';
import { pageMetadata } from '@/server/content/seo';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ page?: string }> };

const pageOf = (raw?: string) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const page = pageOf((await searchParams).page);
  const t = await getTranslations({ locale, namespace: 'content.blog' });
  const title = page > 1 ? `${t('title')} - ${t('page', { page })}` : t('title');
  return pageMetadata({
    locale,
    path: page > 1 ? `/blog?page=${page}` : '/blog',
    title,
    description: t('description'),
    feed: true,
  });
}

export default async function BlogPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const page = pageOf((await searchParams).page);
  const { rows, total } = await cachedArticles(toLocale(locale), (page - 1) * BLOG_PAGE_SIZE, BLOG_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (page > pages) notFound(); // a page past the end is not an empty page to index
  return <BlogList rows={rows} page={page} pages={pages} />;
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { ARTICLE_REF } from '@/contract/content';
import { toLocale } from '@/contract/locales';
import { BlogPost } from '@/features/content/blog/BlogPost';
import { cachedArticle } from '@/server/content/cached';
import { pageMetadata } from '@/server/content/seo';

// Rendered per request (the header reads the session); anonymous visitors get it from the server's
// page cache (src/entry/page-cache), which a new post clears on every node at once.

type Props = { params: Promise<{ locale: string; id: string }> };

async function load(locale: string, id: string) {
  return ARTICLE_REF.test(id) ? cachedArticle(toLocale(locale), id) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const post = await load(locale, id);
  if (!post) return {};
  const { detail } = post;
  return pageMetadata({
    locale,
    path: `/blog/${detail.slug}`,
    title: detail.title,
    description: detail.content_abbr,
    feed: true,
  });
}

export default async function BlogPostPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const post = await load(locale, id);
  if (!post) notFound();
  return <BlogPost {...post} />;
}

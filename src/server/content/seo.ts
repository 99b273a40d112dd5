import 'server-only';
import type { Metadata } from 'next';
import { rssPath } from '@/contract/content';
import { LOCALES, localizedPath, toLocale } from '@/contract/locales';
import { siteUrl } from '../config/env';

const HREFLANG = { 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW', 'en-us': 'en-US' } as const;

/** Title, description, canonical URL and hreflang alternates of one page in one language. */
export function pageMetadata(args: {
  locale: string;
  path: string;
  title: string;
  description: string;
  /** Search results and other query-made pages: followed, not indexed. */
  noindex?: boolean;
  /** Announce the blog's feed in this language. */
  feed?: boolean;
}): Metadata {
  const base = siteUrl();
  const locale = toLocale(args.locale);
  const languages: Record<string, string> = Object.fromEntries(
    LOCALES.map((l) => [HREFLANG[l], `${base}${localizedPath(l, args.path)}`]),
  );
  languages['x-default'] = `${base}${localizedPath('zh-cn', args.path)}`;
  return {
    title: args.title,
    description: args.description,
    alternates: {
      canonical: `${base}${localizedPath(locale, args.path)}`,
      languages,
      ...(args.feed && { types: { 'application/rss+xml': `${base}${rssPath(locale)}` } }),
    },
    openGraph: { title: args.title, description: args.description, locale: HREFLANG[locale] },
    ...(args.noindex && { robots: { index: false, follow: true } }),
  };
}

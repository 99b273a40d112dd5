import type { MetadataRoute } from 'next';
import { LOCALES, localizedPath } from '@/contract/locales';
import { siteUrl } from '@/server/config/env';
import { SITEMAP_PROVIDERS } from '@/server/sitemap/providers';

// Lists database content (blog posts, market items): built on request from cached data.
export const dynamic = 'force-dynamic';

const HREFLANG = { 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW', 'en-us': 'en-US' } as const;

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = siteUrl();
  const pages = (await Promise.all(SITEMAP_PROVIDERS.map((provide) => provide()))).flat();
  return pages.map((page) => ({
    url: `${base}${page.path}`,
    lastModified: page.lastModified,
    priority: page.priority,
    alternates: {
      languages: Object.fromEntries(
        LOCALES.map((l) => [HREFLANG[l], `${base}${localizedPath(l, page.path)}`]),
      ),
    },
  }));
}

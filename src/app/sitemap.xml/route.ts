import { LOCALES, localizedPath } from '@/contract/locales';
import { siteUrl } from '@/server/config/env';
import { buildXml } from '@/server/content/xml';
import { SITEMAP_PROVIDERS } from '@/server/sitemap/providers';

// Lists database content (blog posts, market items): built on request from cached data.
export const dynamic = 'force-dynamic';

const HREFLANG = { 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW', 'en-us': 'en-US' } as const;

/**
 * Written here rather than by Next's sitemap.ts, which copies URLs into the XML unescaped: the docs'
 * `?menu=…&sub=…` addresses made the whole file invalid for search engines (the builder escapes).
 */
export async function GET(): Promise<Response> {
  const base = siteUrl();
  const pages = (await Promise.all(SITEMAP_PROVIDERS.map((provide) => provide()))).flat();
  const body = buildXml({
    urlset: {
      '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9',
      '@_xmlns:xhtml': 'http://www.w3.org/1999/xhtml',
      url: pages.map((page) => ({
        loc: `${base}${page.path}`,
        'xhtml:link': LOCALES.map((l) => ({
          '@_rel': 'alternate',
          '@_hreflang': HREFLANG[l],
          '@_href': `${base}${localizedPath(l, page.path)}`,
        })),
        ...(page.lastModified ? { lastmod: page.lastModified.toISOString() } : {}),
        ...(page.priority === undefined ? {} : { priority: page.priority }),
      })),
    },
  });
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}

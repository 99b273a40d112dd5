import { LOCALES, localizedPath } from '@/contract/locales';
import { siteUrl } from '@/server/config/env';
import { escapeXml } from '@/server/content/xml';
import { SITEMAP_PROVIDERS } from '@/server/sitemap/providers';

// Lists database content (blog posts, market items): built on request from cached data.
export const dynamic = 'force-dynamic';

const HREFLANG = { 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW', 'en-us': 'en-US' } as const;

/**
 * Written here rather than by Next's sitemap.ts, which copies URLs into the XML unescaped: the docs'
 * `?menu=…&sub=…` addresses made the whole file invalid for search engines.
 */
export async function GET(): Promise<Response> {
  const base = siteUrl();
  const pages = (await Promise.all(SITEMAP_PROVIDERS.map((provide) => provide()))).flat();
  const urls = pages.map((page) =>
    [
      '<url>',
      `<loc>${escapeXml(`${base}${page.path}`)}</loc>`,
      ...LOCALES.map(
        (l) =>
          `<xhtml:link rel="alternate" hreflang="${HREFLANG[l]}" href="${escapeXml(`${base}${localizedPath(l, page.path)}`)}"/>`,
      ),
      page.lastModified ? `<lastmod>${page.lastModified.toISOString()}</lastmod>` : '',
      page.priority === undefined ? '' : `<priority>${page.priority}</priority>`,
      '</url>',
    ].join(''),
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}

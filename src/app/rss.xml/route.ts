import { localizedPath, toLocale } from '@/contract/locales';
import { siteUrl } from '@/server/config/env';
import { cachedArticles } from '@/server/content/cached';
import { siteConfig } from '@/server/content/site-config';
import { escapeXml as xml } from '@/server/content/xml';
import { translate } from '@/server/http/translate';

/** RSS 2.0 feed of the latest posts; `?lang=en-us` or `zh-tw` for another language. */
export async function GET(request: Request): Promise<Response> {
  const locale = toLocale(new URL(request.url).searchParams.get('lang'));
  const base = siteUrl();
  const { rows } = await cachedArticles(locale, 0, 20);
  const items = rows.map((row) => {
    const link = `${base}${localizedPath(locale, `/blog/${row.slug}`)}`;
    return [
      '<item>',
      `<title>${xml(row.title)}</title>`,
      `<link>${xml(link)}</link>`,
      `<guid isPermaLink="true">${xml(link)}</guid>`,
      `<description>${xml(row.content_abbr)}</description>`,
      `<pubDate>${new Date(row.create_time * 1000).toUTCString()}</pubDate>`,
      '</item>',
    ].join('');
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0"><channel>',
    `<title>${xml(`${siteConfig().site_name} - ${translate(locale, 'content.blog.title')}`)}</title>`,
    `<link>${xml(`${base}${localizedPath(locale, '/blog')}`)}</link>`,
    `<description>${xml(translate(locale, 'content.blog.description'))}</description>`,
    `<language>${locale}</language>`,
    ...items,
    '</channel></rss>',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}

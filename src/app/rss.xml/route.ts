import { localizedPath, toLocale } from '@/contract/locales';
import { siteUrl } from '@/server/config/env';
import { cachedArticles } from '@/server/content/cached';
import { siteConfig } from '@/server/content/site-config';
import { buildXml, xmlText } from '@/server/content/xml';
import { translate } from '@/server/http/translate';

/** RSS 2.0 feed of the latest posts; `?lang=en-us` or `zh-tw` for another language. */
export async function GET(request: Request): Promise<Response> {
  const locale = toLocale(new URL(request.url).searchParams.get('lang'));
  const base = siteUrl();
  const { rows } = await cachedArticles(locale, 0, 20);
  const body = buildXml({
    rss: {
      '@_version': '2.0',
      channel: {
        title: xmlText(`${siteConfig().site_name} - ${translate(locale, 'content.blog.title')}`),
        link: `${base}${localizedPath(locale, '/blog')}`,
        description: xmlText(translate(locale, 'content.blog.description')),
        language: locale,
        item: rows.map((row) => {
          const link = `${base}${localizedPath(locale, `/blog/${row.slug}`)}`;
          return {
            title: xmlText(row.title),
            link,
            guid: { '@_isPermaLink': 'true', '#text': link },
            description: xmlText(row.content_abbr),
            pubDate: new Date(row.create_time * 1000).toUTCString(),
          };
        }),
      },
    },
  });
  return new Response(body, {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}

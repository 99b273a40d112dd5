import type { MetadataRoute } from 'next';
import { siteUrl } from '@/server/config/env';

export const dynamic = 'force-dynamic';

/** Public pages are open to crawlers; private areas and the API are not worth their time. */
export default function robots(): MetadataRoute.Robots {
  const base = siteUrl();
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: [
          '/api/',
          '/yapi/',
          '/dapi/',
          '/user',
          '/admin/',
          '/market/devCenter',
          '/*/user',
          '/*/admin/',
        ],
      },
    ],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}

import 'server-only';
import type { MetadataRoute } from 'next';
import { contentSitemap } from '../content/sitemap';
import { storeSitemap } from '../market/store/sitemap';

export type SitemapEntry = MetadataRoute.Sitemap[number];
/** One area's pages: paths without a locale prefix; sitemap.ts adds the site URL and the languages. */
export type SitemapProvider = () => Promise<{ path: string; lastModified?: Date; priority?: number }[]>;

/** Every area that lists pages in sitemap.xml adds its provider here (one line). */
export const SITEMAP_PROVIDERS: SitemapProvider[] = [contentSitemap, storeSitemap];

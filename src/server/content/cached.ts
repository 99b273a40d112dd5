import 'server-only';
import type { Locale } from '@/contract/locales';
import { memoCache } from '../cache/memo';
import { nullIfInvalid } from '../errors';
import { getArticle } from './get-article';
import { listArticles } from './list-articles';
import { listReleases } from './list-releases';
import { publishedKey } from './release-signing';

/**
 * Anonymous pages read releases and posts through this per-process cache: a page view costs no
 * query. It is cleared when this process changes content (seed, publishing) and expires after a
 * minute, so other nodes (PostgreSQL) and the CLI's releases show within a minute. Next's data
 * cache was not used: it persists on disk across restarts and would outlive a reset database.
 */
const cache = memoCache('content', { ttlMs: 60_000, maxEntries: 500, tags: ['release', 'blog'] });

export const cachedReleases = (locale: Locale) =>
  cache.get(`releases:${locale}`, () => listReleases({ locale }));

/** The published release key: changes only with a release (or the seed), which clears this cache. */
export const cachedReleaseKey = () => cache.get('release-key', publishedKey);

export const cachedArticles = (locale: Locale, offset: number, limit: number) =>
  cache.get(`articles:${locale}:${offset}:${limit}`, () => listArticles({ locale, offset, limit }));

export const cachedArticle = (locale: Locale, ref: string) =>
  cache.get(`article:${locale}:${ref}`, () => nullIfInvalid(getArticle({ ref, locale })));

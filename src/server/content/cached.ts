import 'server-only';
import type { Locale } from '@/contract/locales';
import { getArticle } from './get-article';
import { listArticles } from './list-articles';
import { listReleases } from './list-releases';

/**
 * Anonymous pages read releases and posts through this per-process cache: a page view costs no
 * query. It is cleared when this process changes content (seed, publishing) and expires after
 * TTL_MS, so other nodes (PostgreSQL) and the CLI's releases show within a minute. Next's
 * data cache was not used: it persists on disk across restarts and would outlive a reset database.
 */
const TTL_MS = 60_000;
/** Visitors choose the keys (page numbers, post slugs): past this many, start over. */
const MAX_ENTRIES = 500;
const holder = globalThis as unknown as {
  __contentCache?: Map<string, { at: number; value: Promise<unknown> }>;
};
holder.__contentCache ??= new Map();
const entries = holder.__contentCache;

function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const value = load();
  entries.set(key, { at: Date.now(), value });
  value.catch(() => entries.delete(key));
  return value;
}

export function clearContentCache() {
  entries.clear();
}

export const cachedReleases = (locale: Locale) => memo(`releases:${locale}`, () => listReleases({ locale }));

export const cachedArticles = (locale: Locale, offset: number, limit: number) =>
  memo(`articles:${locale}:${offset}:${limit}`, () => listArticles({ locale, offset, limit }));

export const cachedArticle = (locale: Locale, ref: string) =>
  memo(`article:${locale}:${ref}`, () => getArticle({ ref, locale }).catch(() => null));

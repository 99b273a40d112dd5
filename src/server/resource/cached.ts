import 'server-only';
import type { Locale } from '@/contract/locales';
import { memoCache } from '../cache/memo';
import { libraryStats, startOfChinaDay } from './library-stats';
import { listDirectory } from './list-directory';
import { type LibraryQuery, listLibrary } from './list-library';
import { listTypes } from './list-types';

/**
 * What /resource shows, read through the library's cache (see memoCache for how it stays fresh): an
 * audit or a collection run drops it, like the page cache's copy of the page.
 */
const cache = memoCache('library', { ttlMs: 60_000, maxEntries: 500, tags: ['library'] });

/** Today's figure counts from midnight China time, so the day is part of the key. */
export const cachedLibraryStats = (now = new Date()) =>
  cache.get(`stats:${startOfChinaDay(now).getTime()}`, () => libraryStats({ now }));

/** A page of the latest videos; `h` (hours back from now) is left out: it would never hit. */
export const cachedLibrary = (query: Omit<LibraryQuery, 'h'>, locale: Locale) =>
  cache.get(`list:${locale}:${JSON.stringify(query)}`, () =>
    listLibrary({ query, locale, withClasses: false }),
  );

export const cachedTypes = (locale: Locale) => cache.get(`types:${locale}`, () => listTypes({ locale }));

export const cachedDirectory = (locale: Locale) =>
  cache.get(`directory:${locale}`, () => listDirectory({ locale }));

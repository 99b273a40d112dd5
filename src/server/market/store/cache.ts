import 'server-only';
import { revalidatePath } from 'next/cache';
import type { Locale } from '@/contract/locales';
import type { Kind } from '@/contract/market';
import type { CenterInput } from '@/contract/store';
import { memoCache } from '../../cache/memo';
import { publicChanged } from '../../cache/public-changed';
import { listReleased } from './list-released';
import { releasedDetail } from './released-detail';

/** Public lists and item pages read through this cache; see memoCache for how it stays fresh. */
const cache = memoCache('store', { ttlMs: 60_000, maxEntries: 1000, tags: ['store'] });

export const cachedStoreList = (input: Omit<CenterInput, 'type'> & { type: Kind }, locale: Locale) =>
  cache.get(`list:${locale}:${JSON.stringify(input)}`, () => listReleased(input, locale));

export const cachedStoreDetail = (kind: Kind, id: number, locale: Locale) =>
  cache.get(`detail:${locale}:${kind}:${id}`, () => releasedDetail({ kind, id, locale }));

/** What visitors see changed (a release): drop the cached data and the cached store pages, on every node. */
export async function storeChanged() {
  await publicChanged(['store']);
  try {
    // Route groups are part of the cache tags: this is every page under app/[locale]/(content)/market.
    revalidatePath('/[locale]/(content)/market', 'layout');
  } catch {
    // Outside a Next request (the seed, the CLI, tests) there is no page cache to refresh.
  }
}

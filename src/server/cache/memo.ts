import 'server-only';
import { LRUCache } from 'lru-cache';

type Cache = LRUCache<string, Promise<unknown>>;
const holder = globalThis as unknown as { __memoCaches?: Map<string, Cache> };
holder.__memoCaches ??= new Map();

/**
 * A per-process cache of loaded data for anonymous pages and public API calls: a hit costs no query,
 * and callers asking for the same key while it loads share one load. A process clears its cache when
 * it changes the data; other app nodes see the change when the entry expires. Failed loads are not
 * kept. Visitors choose keys (search words, page numbers), so the least recently used entries make
 * room once `maxEntries` is reached; the popular ones stay.
 */
export function memoCache(name: string, options: { ttlMs: number; maxEntries: number }) {
  const entries: Cache =
    holder.__memoCaches?.get(name) ?? new LRUCache({ max: options.maxEntries, ttl: options.ttlMs });
  holder.__memoCaches?.set(name, entries);
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit) return hit as Promise<T>;
      const value = load();
      entries.set(key, value);
      value.catch(() => {
        if (entries.peek(key) === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

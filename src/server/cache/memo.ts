import 'server-only';
import { LRUCache } from 'lru-cache';
import { type ChangeTag, onPublicChange, touches } from './change-bus';

type Cache = LRUCache<string, Promise<unknown>>;
const holder = globalThis as unknown as { __memoCaches?: Map<string, Cache> };
holder.__memoCaches ??= new Map();

/**
 * A per-process cache of loaded data for anonymous pages and public API calls: a hit costs no query,
 * and callers asking for the same key while it loads share one load. It is dropped when a change
 * touches one of its `tags` (publicChanged: at once on this node, within milliseconds on the
 * others), and an entry expires after `ttlMs` whatever happens. Failed loads are not kept. Visitors
 * choose keys (search words, page numbers), so the least recently used entries make room once
 * `maxEntries` is reached; the popular ones stay.
 */
export function memoCache(name: string, options: { ttlMs: number; maxEntries: number; tags: ChangeTag[] }) {
  let entries = holder.__memoCaches?.get(name);
  if (!entries) {
    const created: Cache = new LRUCache({ max: options.maxEntries, ttl: options.ttlMs });
    entries = created;
    holder.__memoCaches?.set(name, created);
    // Once per process and name, though several bundles may load this module.
    onPublicChange((changed) => {
      if (touches(changed, options.tags)) created.clear();
    });
  }
  const held = entries;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = held.get(key);
      if (hit) return hit as Promise<T>;
      const value = load();
      held.set(key, value);
      value.catch(() => {
        if (held.peek(key) === value) held.delete(key);
      });
      return value;
    },
    clear() {
      held.clear();
    },
  };
}

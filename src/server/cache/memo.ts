import 'server-only';

type Entry = { at: number; value: Promise<unknown> };
const holder = globalThis as unknown as { __memoCaches?: Map<string, Map<string, Entry>> };
holder.__memoCaches ??= new Map();

/**
 * A per-process cache of loaded data for anonymous pages and public API calls: a hit costs no query.
 * A process clears its cache when it changes the data; other app nodes see the change when the
 * entry expires. Failed loads are not kept. Visitors choose keys (search words, page numbers), so a
 * cache that reaches `maxEntries` starts over.
 */
export function memoCache(name: string, options: { ttlMs: number; maxEntries: number }) {
  const entries = holder.__memoCaches?.get(name) ?? new Map<string, Entry>();
  holder.__memoCaches?.set(name, entries);
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < options.ttlMs) return hit.value as Promise<T>;
      if (entries.size >= options.maxEntries) entries.clear();
      const value = load();
      entries.set(key, { at: Date.now(), value });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

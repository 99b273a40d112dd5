import 'server-only';
import { type ChangeTag, onPublicChange, touches } from './change-bus';

type Entry = { at: number; value: Promise<unknown> };
const holder = globalThis as unknown as { __memoCaches?: Map<string, Map<string, Entry>> };
holder.__memoCaches ??= new Map();

/**
 * A per-process cache of loaded data for anonymous pages and public API calls: a hit costs no query.
 * It is dropped when a change touches one of its `tags` (publicChanged: at once on this node, within
 * milliseconds on the others), and an entry expires after `ttlMs` whatever happens. Failed loads are
 * not kept. Visitors choose keys (search words, page numbers), so a cache that reaches `maxEntries`
 * starts over.
 */
export function memoCache(name: string, options: { ttlMs: number; maxEntries: number; tags: ChangeTag[] }) {
  let entries = holder.__memoCaches?.get(name);
  if (!entries) {
    const created = new Map<string, Entry>();
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
      if (hit && Date.now() - hit.at < options.ttlMs) return hit.value as Promise<T>;
      if (held.size >= options.maxEntries) held.clear();
      const value = load();
      held.set(key, { at: Date.now(), value });
      value.catch(() => held.delete(key));
      return value;
    },
    clear() {
      held.clear();
    },
  };
}

// No `server-only` here: our own HTTP server (src/entry) listens on this bus too.
import { randomUUID } from 'node:crypto';

/**
 * What anonymous visitors see, by area. A change names the areas it touched; every per-process cache
 * of those areas (memoCache data, the server's page cache) drops what it holds for them. `all`
 * touches everything (a reseeded database). `domain`: a stored site check (the checks page's counters
 * and a site's record). `accounts` and `known` are private areas no page holds: sessions and users
 * changed, so the remembered session lookups (identity/sessions.ts) go; the package scan's index of
 * known library releases changed (market/validate/known-store.ts), so the scan's thread builds it again.
 */
export const CHANGE_TAGS = [
  'store',
  'release',
  'blog',
  'library',
  'domain',
  'accounts',
  'known',
  'all',
] as const;
export type ChangeTag = (typeof CHANGE_TAGS)[number];

/** The PostgreSQL channel every node LISTENs on (src/entry/page-cache/listen-changes.ts). */
export const CHANGE_CHANNEL = 'portal_public_changes';

type Listener = (tags: readonly ChangeTag[]) => void;
type Bus = { node: string; listeners: Set<Listener> };

// Next loads route handlers and pages as separate bundles beside our server's module graph: one bus
// per process, on globalThis.
const holder = globalThis as unknown as { __publicChangeBus?: Bus };
holder.__publicChangeBus ??= { node: randomUUID(), listeners: new Set() };
const bus = holder.__publicChangeBus;

/** This process's id in change messages, so a node skips the echo of its own NOTIFY. */
export const nodeId = () => bus.node;

export function onPublicChange(listener: Listener): () => void {
  bus.listeners.add(listener);
  return () => bus.listeners.delete(listener);
}

/** Applies a change to this process's caches (a local change, or one another node announced). */
export function applyPublicChange(tags: readonly ChangeTag[]) {
  for (const listener of bus.listeners) listener(tags);
}

export const touches = (changed: readonly ChangeTag[], held: readonly ChangeTag[]) =>
  changed.includes('all') || held.includes('all') || changed.some((tag) => held.includes(tag));

/** A NOTIFY payload: `{"node":"…","tags":[…]}`; anything else is ignored. */
export function parseChange(payload: string | undefined): { node: string; tags: ChangeTag[] } | null {
  try {
    const value = JSON.parse(payload ?? '') as { node?: unknown; tags?: unknown };
    if (typeof value.node !== 'string' || !Array.isArray(value.tags)) return null;
    const tags = value.tags.filter((t): t is ChangeTag => (CHANGE_TAGS as readonly string[]).includes(t));
    return { node: value.node, tags };
  } catch {
    return null;
  }
}

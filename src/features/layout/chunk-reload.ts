'use client';

import { useEffect, useState } from 'react';

/**
 * A page whose code fails to load (a new deploy replaced the chunks this tab knows) reloads
 * the page, at most once a minute; otherwise the error page shows. Kept per tab, across the reload.
 */
const KEY = 'maccms.chunkReload';
const RELOAD_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to load chunk|Loading (CSS )?chunk|dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

function lastReload(): number | null {
  try {
    return Number(sessionStorage.getItem(KEY)) || 0;
  } catch {
    return null; // storage disabled: a loop could not be stopped, so never reload
  }
}

/** True while the page reloads for a chunk that failed to load; then render a loading state. */
export function useChunkReload(error: unknown): boolean {
  const [reloading] = useState(() => {
    if (typeof window === 'undefined' || !isChunkLoadError(error)) return false;
    const last = lastReload();
    return last !== null && Date.now() - last >= RELOAD_INTERVAL_MS;
  });
  useEffect(() => {
    if (!reloading) return;
    sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
  }, [reloading]);
  return reloading;
}

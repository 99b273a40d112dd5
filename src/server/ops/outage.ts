/**
 * When this process last saw the database unable to answer (a refused connection, a timeout). Kept
 * on globalThis: Next's bundles and our own server (src/entry) run in one process and share it, so
 * a page that failed because of it can answer 503 rather than 500 (src/entry/outage-status.ts).
 */
const holder = globalThis as unknown as { __portalDbUnavailableAt?: number };

export const noteDatabaseUnavailable = (at = Date.now()) => {
  holder.__portalDbUnavailableAt = at;
};

/** Whether the database was unavailable within the last `ms`. */
export const databaseRecentlyUnavailable = (ms: number, now = Date.now()) =>
  now - (holder.__portalDbUnavailableAt ?? 0) < ms;

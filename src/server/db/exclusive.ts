import 'server-only';
import { env } from '../config/env';

/**
 * Runs `fn` while holding a PostgreSQL advisory lock (on a connection of its own, see
 * open-postgres.ts), so start-up work such as the demo seed happens on one node at a time. The
 * embedded database has a single process already, so there it simply runs.
 */
export async function exclusively<T>(lockId: number, fn: () => Promise<T>): Promise<T> {
  const url = env().DATABASE_URL;
  if (!url) return fn();
  const { withStartupLock } = await import('./open-postgres');
  return withStartupLock(url, lockId, () => fn());
}

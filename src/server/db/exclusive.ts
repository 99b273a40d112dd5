import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '../config/env';
import { getDb } from './client';

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so start-up work such as the demo seed
 * happens on one node at a time. The embedded database has a single process already, and its
 * single connection would deadlock behind an open transaction, so there it simply runs.
 */
export async function exclusively<T>(lockId: number, fn: () => Promise<T>): Promise<T> {
  if (!env().DATABASE_URL) return fn();
  const db = await getDb();
  let result: T | undefined;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockId})`);
    result = await fn();
  });
  return result as T;
}

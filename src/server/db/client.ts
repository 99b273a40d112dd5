import 'server-only';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { env } from '../config/env';
import type * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
type Handle = { db: Db; close: () => Promise<void> };

const holder = globalThis as unknown as { __portalDb?: Promise<Handle> };

/** One database per process (PGlite must never be opened twice), migrated before first use. */
export function getDb(): Promise<Db> {
  holder.__portalDb ??= open().catch((error) => {
    holder.__portalDb = undefined;
    throw error;
  });
  return holder.__portalDb.then((h) => h.db);
}

export async function closeDb(): Promise<void> {
  const pending = holder.__portalDb;
  holder.__portalDb = undefined;
  if (pending) await (await pending).close();
}

async function open(): Promise<Handle> {
  const { DATABASE_URL, DATA_DIR } = env();
  const handle = DATABASE_URL
    ? await (await import('./open-postgres')).openPostgres(DATABASE_URL)
    : await (await import('./open-pglite')).openPglite(DATA_DIR);
  return handle;
}

import 'server-only';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from './client';
import { MIGRATION_SETS, migrationOptions } from './migration-sets';
import { lockDirectory } from './process-lock';
import * as schema from './schema';

/** `memory://` gives a throw-away database (tests); anything else is a directory. */
export async function openPglite(dataDir: string) {
  const inMemory = dataDir.startsWith('memory://');
  const dir = inMemory ? dataDir : path.resolve(dataDir, 'pglite');
  const release = inMemory ? () => {} : lockDirectory(path.resolve(dataDir), 'pglite.pid');
  try {
    const client = await PGlite.create(dir);
    const db = drizzle(client, { schema });
    for (const area of MIGRATION_SETS) await migrate(db, migrationOptions(area));
    return {
      db: db as unknown as Db,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

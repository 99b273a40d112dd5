import 'server-only';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from './client';
import { MIGRATION_SETS, migrationOptions } from './migration-sets';
import { lockDirectory } from './process-lock';
import * as schema from './schema';

const holder = globalThis as unknown as { __portalPgliteImage?: Blob };

/**
 * Creating an embedded database and migrating it takes seconds; loading a copy of one already
 * migrated takes a fraction of that. Tests make that copy once per run (`migratedPgliteImage`) and
 * hand it to each test process here (tests/support/setup.ts): every `memory://` database then starts
 * from it. Its migrations still run on open, so an image older than the migrations is brought up to date.
 */
export function startMemoryDatabasesFrom(image: Blob | undefined) {
  holder.__portalPgliteImage = image;
}

async function migrated(client: PGlite) {
  const db = drizzle(client, { schema });
  for (const area of MIGRATION_SETS) await migrate(db, migrationOptions(area));
  return db;
}

/** A fresh throw-away database with every migration applied, as an image to start others from. */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create('memory://');
  try {
    await migrated(client);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** `memory://` gives a throw-away database (tests); anything else is a directory. */
export async function openPglite(dataDir: string) {
  const inMemory = dataDir.startsWith('memory://');
  const dir = inMemory ? dataDir : path.resolve(dataDir, 'pglite');
  const release = inMemory ? () => {} : lockDirectory(path.resolve(dataDir), 'pglite.pid');
  try {
    const image = inMemory ? holder.__portalPgliteImage : undefined;
    const client = await PGlite.create(dir, image ? { loadDataDir: image } : {});
    const db = await migrated(client);
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

import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from './client';
import { MIGRATION_SETS, migrationOptions } from './migration-sets';
import * as schema from './schema';

/** `memory://` gives a throw-away database (tests); anything else is a directory. */
export async function openPglite(dataDir: string) {
  const inMemory = dataDir.startsWith('memory://');
  const dir = inMemory ? dataDir : path.resolve(dataDir, 'pglite');
  const release = inMemory ? () => {} : takeLock(path.resolve(dataDir));
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

/**
 * PGlite has no lock between processes, and two writers corrupt the directory.
 * A pid file refuses a second process while the first one is alive.
 */
function takeLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'pglite.pid');
  const owner = readPid(file);
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${owner} (the running portal?). ` +
        'Stop that process first, or run against PostgreSQL with DATABASE_URL.',
    );
  }
  fs.writeFileSync(file, String(process.pid));
  const release = () => {
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
  process.once('exit', release);
  return release;
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

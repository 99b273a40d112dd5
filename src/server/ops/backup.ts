import 'server-only';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { lockDirectory } from '../db/process-lock';
import type { FileStorage } from '../storage/storage';

const run = promisify(execFile);

/** Where a backup is taken from, or restored to: the same settings the portal runs with. */
export type Target = { databaseUrl?: string; dataDir: string; storage: FileStorage };
export type Manifest = {
  created: string;
  database: 'postgresql' | 'embedded';
  files: number;
  bytes: number;
};

const EMBEDDED = 'database.tar.gz';
const POSTGRES = 'database.pgdump';

/**
 * A consistent copy of the database and every stored file into `folder` (which must not exist yet):
 * PostgreSQL through pg_dump (custom format, restored with pg_restore), the embedded database as
 * PGlite's own data-directory dump, taken while no portal holds it. The copy is made in a sibling
 * folder and renamed to `folder` only when complete: a backup that is refused or fails leaves
 * nothing behind, so trying again with the same name works.
 */
export async function backup(target: Target, folder: string): Promise<Manifest> {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length) throw new Error(`${folder} is not empty`);
  const work = `${path.resolve(folder)}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const manifest = await copyInto(target, work);
    fs.renameSync(work, folder); // an empty folder of that name is replaced
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function copyInto(target: Target, folder: string): Promise<Manifest> {
  fs.mkdirSync(path.join(folder, 'files'), { recursive: true });
  if (target.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(folder, POSTGRES)}`,
      target.databaseUrl,
    ]);
  } else {
    await withEmbedded(target.dataDir, async (db) => {
      const dump = await db.dumpDataDir('gzip');
      fs.writeFileSync(path.join(folder, EMBEDDED), new Uint8Array(await dump.arrayBuffer()));
    });
  }
  let files = 0;
  let bytes = 0;
  for await (const key of target.storage.list()) {
    const file = await target.storage.read(key);
    if (!file) continue; // removed while the backup ran
    const to = path.join(folder, 'files', key);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    const data = new Uint8Array(await new Response(file.stream).arrayBuffer());
    fs.writeFileSync(to, data);
    files += 1;
    bytes += data.length;
  }
  const manifest: Manifest = {
    created: new Date().toISOString(),
    database: target.databaseUrl ? 'postgresql' : 'embedded',
    files,
    bytes,
  };
  fs.writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup back: into an empty PostgreSQL database, or an embedded data directory that holds
 * no database yet; then every file into the storage.
 */
export async function restore(target: Target, folder: string): Promise<Manifest> {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.database === 'postgresql') {
    if (!target.databaseUrl) throw new Error('this backup is of a PostgreSQL database: set DATABASE_URL');
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${target.databaseUrl}`,
      path.join(folder, POSTGRES),
    ]);
  } else {
    if (target.databaseUrl) throw new Error('this backup is of the embedded database: unset DATABASE_URL');
    const dir = path.join(target.dataDir, 'pglite');
    if (fs.existsSync(dir) && fs.readdirSync(dir).length)
      throw new Error(`${dir} already holds a database: move it away first`);
    const release = lockDirectory(path.resolve(target.dataDir), 'pglite.pid');
    try {
      const dump = new Blob([fs.readFileSync(path.join(folder, EMBEDDED))]);
      const db = await PGlite.create(dir, { loadDataDir: dump });
      await db.close();
    } finally {
      release();
    }
  }
  const root = path.join(folder, 'files');
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, full).split(path.sep).join('/');
    await target.storage.put(key, new Uint8Array(fs.readFileSync(full)), 'application/octet-stream');
  }
  return manifest;
}

async function withEmbedded(dataDir: string, fn: (db: PGlite) => Promise<void>) {
  const release = lockDirectory(path.resolve(dataDir), 'pglite.pid');
  try {
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      await fn(db);
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

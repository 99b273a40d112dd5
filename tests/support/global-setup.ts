import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedPgliteImage } from '@/server/db/open-pglite';
import { migratePostgres } from '@/server/db/open-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated embedded database, which each test file's database starts from. */
    pgliteImage: string | undefined;
    /** A migrated PostgreSQL database each test file's database is created from (DATABASE_URL runs). */
    pgTemplate: string | undefined;
  }
}

const withAdmin = async <T>(url: string, fn: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

const IMAGES = path.resolve('node_modules/.cache/portal-tests');

/** Everything the image depends on: the migrations, the order they run in, PGlite's and Drizzle's versions. */
async function imageKey(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir('drizzle', { recursive: true })).map((f) => path.join('drizzle', f)).sort();
  for (const file of [...files, 'src/server/db/migration-sets.ts']) {
    if (!(await stat(file)).isFile()) continue;
    hash.update(`${file}\0`).update(await readFile(file));
  }
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm'])
    hash.update(JSON.parse(await readFile(`node_modules/${pkg}/package.json`, 'utf8')).version);
  return hash.digest('hex').slice(0, 16);
}

/** The migrated embedded database as a file, made once for each state of the migrations and kept. */
async function pgliteImageFile(): Promise<string> {
  const file = path.join(IMAGES, `pglite-${await imageKey()}.tar`);
  if (await stat(file).catch(() => undefined)) return file;
  const image = await migratedPgliteImage();
  await mkdir(IMAGES, { recursive: true });
  for (const old of await readdir(IMAGES))
    if (old.endsWith('.tar')) await rm(path.join(IMAGES, old), { force: true }); // older migrations'
  // Written beside it and renamed, so a run started meanwhile never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, new Uint8Array(await image.arrayBuffer()));
  await rename(partial, file);
  return file;
}

/**
 * Once per run, before any test file: the migrated database every file starts from (setup.ts gives
 * each file a copy). Creating and migrating a database costs seconds, copying one a fraction of that.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  let template: string | undefined;
  if (serverUrl) {
    template = `portal_template_${randomBytes(6).toString('hex')}`;
    const name = template;
    await withAdmin(serverUrl, (c) => c.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await migratePostgres(url.toString());
  } else {
    project.provide('pgliteImage', await pgliteImageFile());
  }
  project.provide('pgTemplate', template);

  return async () => {
    if (serverUrl && template) {
      const name = template;
      await withAdmin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    }
  };
}

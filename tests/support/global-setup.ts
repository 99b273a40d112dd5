import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
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

/**
 * Once per run, before any test file: the migrated database every file starts from (setup.ts gives
 * each file a copy). Creating and migrating a database costs seconds, copying one a fraction of that.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  let dir: string | undefined;
  let template: string | undefined;
  if (serverUrl) {
    template = `portal_template_${randomBytes(6).toString('hex')}`;
    const name = template;
    await withAdmin(serverUrl, (c) => c.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await migratePostgres(url.toString());
  } else {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-tests-'));
    const file = path.join(dir, 'pglite.tar');
    const image = await migratedPgliteImage();
    await writeFile(file, new Uint8Array(await image.arrayBuffer()));
    project.provide('pgliteImage', file);
  }
  project.provide('pgTemplate', template);

  return async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    if (serverUrl && template) {
      const name = template;
      await withAdmin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    }
  };
}

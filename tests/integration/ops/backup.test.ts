import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '@/server/db/open-pglite';
import { openPostgres } from '@/server/db/open-postgres';
import { backup, restore } from '@/server/ops/backup';
import { localStorage } from '@/server/storage/local';
import { s3Storage } from '@/server/storage/s3';
import { startS3Server } from '../../support/s3-server';

const run = promisify(execFile);
const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
const dirs: string[] = [];
const dir = (name: string) => {
  const d = temp(name);
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const ROW = "insert into users (email, password_hash) values ('kept@example.com', 'x')";
const rows = async (db: { execute: (q: ReturnType<typeof sql.raw>) => Promise<unknown> }) =>
  (
    (await db.execute(sql.raw("select email from users where email = 'kept@example.com'"))) as {
      rows: unknown[];
    }
  ).rows.length;

describe('backup and restore', () => {
  it('round-trips the embedded database and its files through `npm run backup` and `npm run restore`', async () => {
    const source = dir('portal-src');
    const handle = await openPglite(source);
    await handle.db.execute(sql.raw(ROW));
    await handle.close();
    await localStorage(path.join(source, 'files')).put(
      'market/img/logo.png',
      new Uint8Array([7, 7]),
      'image/png',
    );

    const folder = path.join(dir('backups'), 'nightly');
    const cli = (command: string, dataDir: string) =>
      run(
        process.execPath,
        ['--conditions=react-server', '--import', 'tsx', 'scripts/backup.ts', command, folder],
        {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', STORAGE_DRIVER: 'local' },
        },
      );
    expect((await cli('backup', source)).stdout).toMatch(/Backed up the embedded database and 1 files/);

    const target = dir('portal-restored');
    await cli('restore', target);
    const restored = await openPglite(target);
    expect(await rows(restored.db)).toBe(1);
    await restored.close();
    expect([...fs.readFileSync(path.join(target, 'files/market/img/logo.png'))]).toEqual([7, 7]);
    // A second restore onto a database that exists refuses instead of mixing two.
    await expect(cli('restore', target)).rejects.toThrow(/already holds a database/);
  }, 120_000);

  it('round-trips PostgreSQL with pg_dump / pg_restore, and files kept in S3-compatible storage', async () => {
    const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    const names = ['a', 'b'].map((s) => `portal_backup_${s}_${randomBytes(4).toString('hex')}`);
    for (const n of names) await admin.query(`create database ${n}`);
    const urlOf = (n: string) => Object.assign(new URL(base.toString()), { pathname: `/${n}` }).toString();
    const s3 = await startS3Server('portal');
    const bucket = (prefix: string) =>
      s3Storage({
        bucket: 'portal',
        prefix,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 't', secretAccessKey: 't' },
      });
    try {
      const source = await openPostgres(urlOf(names[0]!));
      await source.db.execute(sql.raw(ROW));
      await source.close();
      await bucket('live/').put('market/pkg/x/demo.zip', new Uint8Array([1, 2, 3]), 'application/zip');

      const folder = path.join(dir('backups'), 'pg');
      const manifest = await backup(
        { databaseUrl: urlOf(names[0]!), dataDir: '', storage: bucket('live/') },
        folder,
      );
      expect(manifest).toMatchObject({ database: 'postgresql', files: 1, bytes: 3 });

      await restore({ databaseUrl: urlOf(names[1]!), dataDir: '', storage: bucket('restored/') }, folder);
      const restored = await openPostgres(urlOf(names[1]!)); // migrations already applied: nothing to do
      expect(await rows(restored.db)).toBe(1);
      await restored.close();
      expect(await bucket('restored/').exists('market/pkg/x/demo.zip')).toBe(true);
    } finally {
      await s3.close();
      for (const n of names) await admin.query(`drop database if exists ${n} with (force)`);
      await admin.end();
    }
  }, 120_000);

  it('leaves no half-made folder when a backup is refused, so the same name can be tried again', async () => {
    const parent = dir('backup-refused');
    const folder = path.join(parent, 'nightly');
    const unreachable = {
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      dataDir: dir('backup-refused-data'),
      storage: localStorage(dir('backup-refused-files')),
    };
    await expect(backup(unreachable, folder)).rejects.toThrow();
    expect(fs.readdirSync(parent)).toEqual([]);
    // Tried again: refused for its own reason again, not because of what the first try left.
    await expect(backup(unreachable, folder)).rejects.not.toThrow(/not empty/);
    expect(fs.readdirSync(parent)).toEqual([]);
  });
});

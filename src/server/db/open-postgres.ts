import 'server-only';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from './client';
import * as schema from './schema';

const MIGRATION_LOCK = 7_246_531; // any constant: all nodes take the same advisory lock

export async function openPostgres(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzle(pool, { schema });
  // Several nodes may start together: only one applies migrations, the others wait for it.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  await db.execute(sql`select 1`);
  return { db: db as unknown as Db, close: () => pool.end() };
}

export function migrationsFolder() {
  return path.join(process.cwd(), 'drizzle');
}

import 'server-only';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from './client';
import { MIGRATION_SETS, migrationOptions } from './migration-sets';
import * as schema from './schema';

const MIGRATION_LOCK = 7_246_531; // any constant: all nodes take the same advisory lock

export async function openPostgres(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (a restart, a failover, an administrator) must not take
  // the process down: the pool replaces it on the next query.
  pool.on('error', (error) => console.error('[db] idle PostgreSQL connection lost:', error.message));
  const db = drizzle(pool, { schema });
  // Several nodes may start together: only one applies migrations, the others wait for it.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const migrator = drizzle(client, { schema });
    for (const area of MIGRATION_SETS) await migrate(migrator, migrationOptions(area));
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  await db.execute(sql`select 1`);
  return { db: db as unknown as Db, close: () => pool.end() };
}

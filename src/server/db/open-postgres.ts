import 'server-only';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { env } from '../config/env';
import { logFor } from '../log';
import type { Db } from './client';
import { guardClient, guardPool } from './driver-outage';
import { MIGRATION_SETS, migrationOptions } from './migration-sets';
import * as schema from './schema';

const log = logFor('db');

const MIGRATION_LOCK = 7_246_531; // any constant: all nodes take the same advisory lock

/**
 * Every wait towards PostgreSQL is bounded: for a pooled connection, for a statement, for a lock, and
 * for a server that accepted the connection but never answers (the client-side query timeout). What
 * trips answers 503 (db/unavailable.ts) instead of holding the request and the pool for good.
 */
function poolOptions(url: string): pg.PoolConfig {
  const e = env();
  return {
    connectionString: url,
    max: e.DB_POOL_MAX,
    connectionTimeoutMillis: e.DB_CONNECT_TIMEOUT_MS,
    statement_timeout: e.DB_STATEMENT_TIMEOUT_MS,
    lock_timeout: e.DB_LOCK_TIMEOUT_MS,
    idle_in_transaction_session_timeout: 30_000,
    query_timeout: e.DB_STATEMENT_TIMEOUT_MS + 5_000,
    keepAlive: true,
  };
}

/**
 * Runs `fn` while holding a session advisory lock on a connection of its own, which no statement,
 * lock or idle timeout may cut: start-up work (migrations, the demo seed) on one node at a time,
 * however long it takes; the others wait for it.
 */
export async function withStartupLock<T>(url: string, lockId: number, fn: (client: pg.Client) => Promise<T>) {
  const client = guardClient(
    new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: env().DB_CONNECT_TIMEOUT_MS,
    }),
  );
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lockId]);
    return await fn(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** Applies every area's migrations to the database at `url`, one node at a time. */
export const migratePostgres = (url: string) =>
  withStartupLock(url, MIGRATION_LOCK, async (client) => {
    const migrator = drizzle(client, { schema });
    for (const area of MIGRATION_SETS) await migrate(migrator, migrationOptions(area));
  });

export async function openPostgres(url: string) {
  await migratePostgres(url);
  const pool = guardPool(new pg.Pool(poolOptions(url)));
  // An idle connection dropped by the server (a restart, a failover, an administrator) must not take
  // the process down: the pool replaces it on the next query.
  pool.on('error', (error) => log.warn({ error: error.message }, 'idle PostgreSQL connection lost'));
  // For /metrics (src/entry/metrics-endpoint.ts), which lives outside Next's bundles.
  (globalThis as { __portalPoolStats?: () => Record<string, number> }).__portalPoolStats = () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
  const db = drizzle(pool, { schema });
  await db.execute(sql`select 1`);
  return { db: db as unknown as Db, close: () => pool.end() };
}

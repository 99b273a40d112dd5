import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db/client';

describe('a lost database connection', () => {
  it('does not take the process down: the next query gets a new connection', async () => {
    const db = await getDb();
    await db.execute(sql`select 1`);
    const url = process.env.DATABASE_URL;
    // PostgreSQL only (CI's second pass): the server ends every idle connection of the app's pool,
    // as a restart or an administrator would. The embedded database has no connections to lose.
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200));
    }
    const rows = (await db.execute(sql`select 2 as n`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(2);
  });
});

/**
 * Opens the embedded database in DATA_DIR, adds a row, prints "ready <rows>" and waits: a process to
 * kill -9 in the tests, the way an embedded portal dies.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '../../../src/server/db/client';

async function main() {
  const db = await getDb();
  await db.execute(sql`create table if not exists kill_test (n int)`);
  await db.execute(sql`insert into kill_test values (1)`);
  const result = (await db.execute(sql`select count(*)::int as n from kill_test`)) as unknown as {
    rows: { n: number }[];
  };
  process.stdout.write(`ready ${result.rows[0]?.n}\n`);
  setInterval(() => {}, 1000);
}

void main();

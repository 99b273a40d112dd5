import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardClient, guardPool } from '@/server/db/driver-outage';
import { isDatabaseUnavailable } from '@/server/db/unavailable';
import { databaseBehindProxy } from '../../support/pg-target';

/**
 * Every way a real outage reaches the driver (node-postgres), produced for real against PostgreSQL
 * behind a proxy: each is recognised as the database being unavailable, by the error's kind; what the
 * server answers to a bad query is not.
 */
let db: Awaited<ReturnType<typeof databaseBehindProxy>>;
beforeAll(async () => {
  db = await databaseBehindProxy();
}, 60_000);
afterAll(async () => {
  db.proxy.set('open');
  await db?.close();
});

const viaProxy = () => process.env.DATABASE_URL as string;
const client = (options: pg.ClientConfig = {}) =>
  guardClient(new pg.Client({ connectionString: viaProxy(), connectionTimeoutMillis: 500, ...options }));
const pool = (options: pg.PoolConfig = {}) =>
  guardPool(new pg.Pool({ connectionString: viaProxy(), connectionTimeoutMillis: 500, max: 2, ...options }));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe('driver errors of a real outage', () => {
  it('a server that accepts the connection and never answers (a node starting during it)', async () => {
    db.proxy.set('silent');
    try {
      const c = client();
      expect(isDatabaseUnavailable(await failure(c.connect()))).toBe(true);
      const p = pool();
      expect(isDatabaseUnavailable(await failure(p.query('select 1')))).toBe(true);
      expect(isDatabaseUnavailable(await failure(p.connect()))).toBe(true);
      await p.end().catch(() => {});
    } finally {
      db.proxy.set('open');
    }
  });

  it('a server that is down: the connection is refused, or accepted and cut', async () => {
    const refused = client({ connectionString: viaProxy().replace(/:\d+\//, `:${await closedPort()}/`) });
    expect(isDatabaseUnavailable(await failure(refused.connect()))).toBe(true);
    db.proxy.set('refuse');
    try {
      expect(isDatabaseUnavailable(await failure(client().connect()))).toBe(true);
      const p = pool();
      expect(isDatabaseUnavailable(await failure(p.query('select 1')))).toBe(true);
      await p.end().catch(() => {});
    } finally {
      db.proxy.set('open');
    }
  });

  it('a connection cut during a query, and the same client used again', async () => {
    const c = client();
    c.on('error', () => {});
    await c.connect();
    const running = failure(c.query('select pg_sleep(5)'));
    await new Promise((r) => setTimeout(r, 200));
    db.proxy.set('refuse');
    db.proxy.set('open');
    expect(isDatabaseUnavailable(await running)).toBe(true);
    expect(isDatabaseUnavailable(await failure(c.query('select 1')))).toBe(true);
  });

  it('a pooled client lent out and cut', async () => {
    const p = pool();
    p.on('error', () => {});
    const lent = await p.connect();
    lent.on('error', () => {});
    const running = failure(lent.query('select pg_sleep(5)'));
    await new Promise((r) => setTimeout(r, 200));
    db.proxy.set('refuse');
    db.proxy.set('open');
    expect(isDatabaseUnavailable(await running)).toBe(true);
    lent.release(true);
    await p.end();
  });

  it('a server too slow for the driver, the statement timeout, and a backend terminated', async () => {
    const slow = client({ query_timeout: 200 });
    slow.on('error', () => {});
    await slow.connect();
    expect(isDatabaseUnavailable(await failure(slow.query('select pg_sleep(2)')))).toBe(true);
    await slow.end().catch(() => {});

    const limited = client({ statement_timeout: 100 });
    await limited.connect();
    expect(isDatabaseUnavailable(await failure(limited.query('select pg_sleep(2)')))).toBe(true);
    await limited.end();

    const victim = client();
    victim.on('error', () => {});
    await victim.connect();
    const pid = (await victim.query('select pg_backend_pid() as pid')).rows[0].pid;
    const killer = new pg.Client({ connectionString: db.direct });
    await killer.connect();
    const running = failure(victim.query('select pg_sleep(5)'));
    await new Promise((r) => setTimeout(r, 200));
    await killer.query('select pg_terminate_backend($1)', [pid]);
    await killer.end();
    expect(isDatabaseUnavailable(await running)).toBe(true);
  });

  it('is not confused with what the server says about a bad query', async () => {
    const c = client();
    await c.connect();
    expect(isDatabaseUnavailable(await failure(c.query('selec 1')))).toBe(false);
    expect(isDatabaseUnavailable(await failure(c.query('select 1/0')))).toBe(false);
    await c.query('create temporary table once (id int primary key)');
    await c.query('insert into once values (1)');
    expect(isDatabaseUnavailable(await failure(c.query('insert into once values (1)')))).toBe(false);
    expect(isDatabaseUnavailable(await failure(c.query('select $1::int', ['x'])))).toBe(false);
    await c.end();
  });
});

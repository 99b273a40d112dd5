import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as articleList } from '@/app/api/article/list/route';
import { POST as center } from '@/app/api/market/center/route';
import { POST as pluginDownload } from '@/app/api/market_plugins/plugins_download/route';
import { closeDb } from '@/server/db/client';
import { callApi } from '../../support/api';
import { registerUser } from '../../support/factories';
import { databaseBehindProxy } from '../../support/pg-target';
import { registerAdmin, releaseItem } from '../market/support';

/**
 * PostgreSQL going away, hanging or holding a lock: every call answers within its timeout with a
 * 503 that says when to retry, other calls keep working, and the node recovers by itself.
 */
let db: Awaited<ReturnType<typeof databaseBehindProxy>>;
beforeAll(async () => {
  process.env.DB_CONNECT_TIMEOUT_MS = '800';
  process.env.DB_STATEMENT_TIMEOUT_MS = '1500';
  process.env.DB_LOCK_TIMEOUT_MS = '700';
  db = await databaseBehindProxy();
}, 60_000);
afterAll(async () => {
  await closeDb();
  await db?.close();
});

// A search nobody made before: answered from the database, not from the store's cache.
let searches = 0;
const list = () => callApi(center, { form: { type: 'plugins', name: `fault ${++searches}` } });
const timed = async <T>(fn: () => Promise<T>) => {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
};

describe('database faults', () => {
  it('answers 503 with Retry-After while PostgreSQL is down, and 200 again once it is back', async () => {
    expect((await list()).status).toBe(200);
    db.proxy.set('refuse');
    const down = await timed(list);
    expect(down.value).toMatchObject({ status: 503, code: 0, msg: '服务暂时不可用，请几秒后再试' });
    expect(down.value.response.headers.get('retry-after')).toBe('5');
    expect(down.ms).toBeLessThan(5_000);
    db.proxy.set('open');
    expect((await list()).status).toBe(200);
  });

  it('gives up on a server that accepts connections but never answers', async () => {
    db.proxy.set('silent');
    const hung = await timed(list);
    db.proxy.set('open');
    expect(hung.value.status).toBe(503);
    expect(hung.ms).toBeLessThan(8_000);
    expect((await list()).status).toBe(200);
  });

  it('answers 503 with Retry-After when the node starts while the server accepts and never answers', async () => {
    await closeDb(); // as a node that has not opened its database yet
    db.proxy.set('silent');
    const starting = await timed(list);
    db.proxy.set('open');
    expect(starting.value).toMatchObject({ status: 503, msg: '服务暂时不可用，请几秒后再试' });
    expect(starting.value.response.headers.get('retry-after')).toBe('5');
    expect(starting.ms).toBeLessThan(5_000);
    expect((await list()).status).toBe(200);
  });

  it('lets a call wait for a locked table only briefly, and other calls keep working meanwhile', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await releaseItem(dev, admin);
    const locker = new pg.Client({ connectionString: db.direct });
    await locker.connect();
    await locker.query('begin');
    // A table the download reads before answering (the count itself comes after the answer).
    await locker.query('lock table market_download_clients in access exclusive mode');
    try {
      const calls = await Promise.all(
        Array.from({ length: 12 }, () => timed(() => callApi(pluginDownload, { form: { id: String(id) } }))),
      );
      for (const c of calls) {
        expect(c.value.status).toBe(503);
        expect(c.ms).toBeLessThan(5_000);
      }
      // Twelve waits did not take the pool: an unrelated call answers at once.
      expect(
        (await timed(() => callApi(articleList, { method: 'GET', path: '/api/article/list' }))).value.status,
      ).toBe(200);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect((await callApi(pluginDownload, { form: { id: String(id) } })).code).toBe(1);
  }, 60_000);

  it('counts no download the caller was told failed: the server froze before it answered', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await releaseItem(dev, admin);
    const direct = new pg.Client({ connectionString: db.direct });
    await direct.connect();
    const downloads = async () =>
      Number(
        (await direct.query('select download_num from market_apps where id = $1', [id])).rows[0].download_num,
      );
    try {
      const before = await downloads();
      db.proxy.freezeWhen('market_download_clients');
      const frozen = await callApi(pluginDownload, { form: { id: String(id) } });
      expect(frozen.status).toBe(503);
      db.proxy.set('open'); // the server goes on, with everything sent meanwhile
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await downloads()).toBe(before);
      expect((await callApi(pluginDownload, { form: { id: String(id) } })).code).toBe(1);
      expect(await downloads()).toBe(before + 1);
    } finally {
      await direct.end();
    }
  }, 60_000);
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForChanges } from '@/entry/page-cache/listen-changes';
import { CHANGE_CHANNEL, type ChangeTag, onPublicChange, touches } from '@/server/cache/change-bus';
import { publicChanged } from '@/server/cache/public-changed';
import { closeDb, getDb } from '@/server/db/client';
import { databaseBehindProxy } from '../../support/pg-target';

/**
 * The change channel between nodes across a database outage: a node listening through a proxy the
 * test cuts; another node (a direct connection) publishes a release right after the database is back.
 * The listening node must drop what the release touched soon after, whichever way the outage went.
 */
let db: Awaited<ReturnType<typeof databaseBehindProxy>>;
let stop: () => void = () => {};
let publisher: pg.Client;
const seen: { at: number; tags: readonly ChangeTag[] }[] = [];
let started = 0;
beforeAll(async () => {
  db = await databaseBehindProxy();
  publisher = new pg.Client({ connectionString: db.direct });
  await publisher.connect();
  await getDb(); // this node's own database, migrated
  onPublicChange((tags) => seen.push({ at: Date.now(), tags }));
  started = Date.now();
  stop = listenForChanges(process.env.DATABASE_URL as string);
}, 60_000);
afterAll(async () => {
  stop();
  await closeDb();
  await publisher?.end();
  await db?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const publishRelease = () =>
  publisher.query('select pg_notify($1, $2)', [
    CHANGE_CHANNEL,
    JSON.stringify({ node: 'other', tags: ['release'] }),
  ]);

/** Milliseconds from `since` until this node dropped what a release touches (at most `limit`). */
async function droppedRelease(since: number, limit = 10_000) {
  while (Date.now() - since < limit) {
    const hit = seen.find((s) => s.at >= since && touches(s.tags, ['release']));
    if (hit) return hit.at - since;
    await sleep(20);
  }
  return Number.POSITIVE_INFINITY;
}

describe('the change channel', () => {
  it('drops everything when it starts listening, then delivers another node’s change', async () => {
    expect(await droppedRelease(started)).toBeLessThan(10_000);
    await sleep(300);
    const at = Date.now();
    await publishRelease();
    expect(await droppedRelease(at)).toBeLessThan(1_000);
  });

  it.each([
    ['down (connections refused)', 'refuse'],
    ['black-holed (connections accepted, never answered)', 'silent'],
  ] as const)(
    'after the database was %s for 8 s, a change published just after it returns arrives within a second or two',
    async (_name, mode) => {
      db.proxy.set(mode);
      await sleep(8_000);
      db.proxy.set('open');
      await sleep(100);
      const at = Date.now();
      await publishRelease();
      expect(await droppedRelease(at)).toBeLessThan(2_000);
      // And in steady state again, the notice itself.
      await sleep(1_500);
      const next = Date.now();
      await publishRelease();
      expect(await droppedRelease(next)).toBeLessThan(1_000);
    },
    30_000,
  );

  it('a change made just before the database went away is announced once it is back', async () => {
    const other = new pg.Client({ connectionString: db.direct });
    await other.connect();
    const heard: number[] = [];
    other.on('notification', (n) => {
      if (n.payload?.includes('"store"')) heard.push(Date.now());
    });
    await other.query(`LISTEN ${CHANGE_CHANNEL}`);
    try {
      db.proxy.set('refuse');
      await publicChanged(['store']); // never fails its caller
      await sleep(2_000);
      expect(heard).toEqual([]);
      db.proxy.set('open');
      const back = Date.now();
      while (heard.length === 0 && Date.now() - back < 10_000) await sleep(20);
      expect(heard.length).toBe(1);
      expect((heard[0] ?? Number.POSITIVE_INFINITY) - back).toBeLessThan(2_000);
    } finally {
      await other.end();
    }
  }, 30_000);
});

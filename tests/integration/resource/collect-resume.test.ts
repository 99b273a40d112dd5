import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/server/db/client';
import { resourceStations, resourceVideos } from '@/server/db/schema';
import { LEASE_MS } from '@/server/jobs/lease';
import { claimDueStation } from '@/server/resource/collect-job';
import { COLLECT_EVERY_MS, collectStation, MAX_PAGES_PER_RUN } from '@/server/resource/collect-station';
import { parseCollection } from '@/server/resource/format/parse';
import { registerUser } from '../../support/factories';
import { getProvide, insertStation } from './helpers';
import { type Entry, startStationServer } from './station-server';

/**
 * A station's collection goes on from the page after the last one stored, whoever stored it: a node
 * killed between pages leaves a cursor the next node starts from, so no stored page is fetched again.
 */
const tag = `r${randomUUID().slice(0, 8)}`;
const entries = (n: number, from: number): Entry[] =>
  Array.from({ length: n }, (_, i) => ({
    id: from + i,
    tid: 6,
    type: '动作片',
    name: `续采 ${from + i} ${tag}`,
  }));

const EIGHT = entries(8, 201); // four pages of two
let station: Awaited<ReturnType<typeof startStationServer>>;
beforeAll(async () => {
  // The first node asks for page 3 and is never answered: it stops there, as a killed node does.
  station = await startStationServer(
    EIGHT,
    (url) => url.searchParams.get('ac') === 'videolist' && url.searchParams.get('pg') === '3',
  );
});
afterAll(() => station.close());

const stationRow = async (id: number) => {
  const db = await getDb();
  const [row] = await db.select().from(resourceStations).where(eq(resourceStations.id, id));
  return row!;
};
const storedNames = async (id: number) => {
  const db = await getDb();
  const rows = await db.select().from(resourceVideos).where(eq(resourceVideos.stationId, id));
  return rows.map((r) => r.name).sort();
};
const askedPages = (requests: URL[]) =>
  requests
    .filter((u) => u.searchParams.get('ac') === 'videolist')
    .map((u) => Number(u.searchParams.get('pg')));
const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);

describe('a collection taken over', () => {
  it('goes on from the page after the last one a killed node stored, and ends complete, each entry once', async () => {
    const dev = await registerUser();
    const { id } = await insertStation(dev.user.user_id, `${station.base}/json/provide/vod`);
    const db = await getDb();
    await db
      .update(resourceStations)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(resourceStations.id, id));

    const t0 = new Date();
    expect((await claimDueStation(t0))?.id).toBe(id);
    const killed = collectStation({ stationId: id, now: t0, fetchOptions: { totalTimeoutMs: 60_000 } });
    await station.held; // pages 1 and 2 are stored; the node never gets page 3
    expect(await stationRow(id)).toMatchObject({ collectedPage: 2, collectingSince: t0 });
    expect(await storedNames(id)).toHaveLength(4);

    // Its lease lapses (it renews nothing) and another node takes the station.
    const t1 = at(t0, LEASE_MS + 1_000);
    expect((await claimDueStation(t1))?.id).toBe(id);
    const resumed = await collectStation({ stationId: id, now: t1 });
    expect(resumed).toMatchObject({ ok: true, pages: 2, stored: 4, complete: true });
    expect(askedPages(station.requests)).toEqual([1, 2, 3, 3, 4]); // 3 twice: the killed node's, then this one's

    expect(await storedNames(id)).toEqual(EIGHT.map((e) => e.name).sort());
    const listed = parseCollection((await getProvide(`ac=detail&wd=${encodeURIComponent(tag)}`)).text);
    expect(listed.list.map((v) => v.vod_name).sort()).toEqual(EIGHT.map((e) => e.name).sort());
    const done = await stationRow(id);
    expect(done).toMatchObject({ collectedPage: 0, collectingSince: null, lastError: '', errorCount: 0 });
    // Complete as of the collection's start: what changed since then is in the next run's `h`.
    expect(done.lastSuccessAt?.getTime()).toBe(t0.getTime());
    expect(done.nextAttemptAt?.getTime()).toBe(t1.getTime() + COLLECT_EVERY_MS);

    // The first node's connection finally fails: a collection that is no longer its own is left as it is.
    station.dropHeld();
    expect((await killed).ok).toBe(false);
    expect(await stationRow(id)).toMatchObject({
      collectedPage: 0,
      collectingSince: null,
      lastError: '',
      errorCount: 0,
      nextAttemptAt: done.nextAttemptAt,
    });
  });

  it('goes on after the per-run page cap in the next run, from the next page', async () => {
    const many = entries(MAX_PAGES_PER_RUN * 2 + 2, 1001); // one page past the cap
    const big = await startStationServer(many);
    try {
      const dev = await registerUser();
      const { id } = await insertStation(dev.user.user_id, `${big.base}/json/provide/vod`);
      const now = new Date();
      const first = await collectStation({ stationId: id, now });
      expect(first).toMatchObject({ ok: true, pages: MAX_PAGES_PER_RUN, complete: false });
      const paused = await stationRow(id);
      expect(paused).toMatchObject({ collectedPage: MAX_PAGES_PER_RUN, lastSuccessAt: null });
      expect(paused.nextAttemptAt?.getTime()).toBe(now.getTime()); // due again at the next run
      // Taken by no other file's job run on a shared database: this test is the next run.
      const db = await getDb();
      await db
        .update(resourceStations)
        .set({ nextAttemptAt: new Date('9999-12-31T00:00:00Z') })
        .where(eq(resourceStations.id, id));

      const next = await collectStation({ stationId: id, now: at(now, 5 * 60_000) });
      expect(next).toMatchObject({ ok: true, pages: 1, stored: 2, complete: true });
      const asked = askedPages(big.requests);
      expect(asked).toEqual(Array.from({ length: MAX_PAGES_PER_RUN + 1 }, (_, i) => i + 1));
      expect(await storedNames(id)).toHaveLength(many.length);
      expect(await stationRow(id)).toMatchObject({ collectedPage: 0, collectingSince: null });
    } finally {
      await big.close();
    }
  });
});

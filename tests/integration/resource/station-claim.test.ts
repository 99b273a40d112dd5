import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db/client';
import { resourceStations } from '@/server/db/schema';
import { LEASE_MS } from '@/server/jobs/lease';
import { claimDueStation, renewStationClaim } from '@/server/resource/collect-job';
import { registerUser } from '../../support/factories';
import { insertStation } from './helpers';

/**
 * A station a collection run claims is held under the same lease as the job: a node killed while
 * collecting leaves it to the other nodes once that lease lapses; a live run keeps it by renewing.
 */
const dueStation = async () => {
  const dev = await registerUser();
  const row = await insertStation(dev.user.user_id, 'http://127.0.0.1:9/provide/vod');
  const db = await getDb();
  // First in line: due since long before any other file's station.
  await db
    .update(resourceStations)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(resourceStations.id, row.id));
  return row.id;
};
const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);

describe('a claimed station', () => {
  it('is free for another node once the lease of a node that died lapses', async () => {
    const id = await dueStation();
    const t0 = new Date();
    expect((await claimDueStation(t0))?.id).toBe(id); // and the node is killed: no renewal, no end
    expect((await claimDueStation(at(t0, LEASE_MS - 5_000), [id]))?.id).not.toBe(id);
    expect((await claimDueStation(at(t0, LEASE_MS - 5_000)))?.id).not.toBe(id);
    expect((await claimDueStation(at(t0, LEASE_MS + 1_000)))?.id).toBe(id);
  });

  it('stays with a live run that renews it, and is no longer renewed once the run set its next attempt', async () => {
    const id = await dueStation();
    const t0 = new Date();
    const claim = await claimDueStation(t0);
    expect(claim?.id).toBe(id);
    const renewed = await renewStationClaim(id, claim?.until as Date, at(t0, LEASE_MS - 10_000));
    expect(renewed).toBeInstanceOf(Date);
    expect((await claimDueStation(at(t0, LEASE_MS + 1_000)))?.id).not.toBe(id);

    // The collection ends and sets the next attempt itself: a late renewal must not undo that.
    const db = await getDb();
    const next = at(t0, 3_600_000);
    await db.update(resourceStations).set({ nextAttemptAt: next }).where(eq(resourceStations.id, id));
    expect(await renewStationClaim(id, renewed as Date, at(t0, LEASE_MS))).toBeNull();
    const [row] = await db.select().from(resourceStations).where(eq(resourceStations.id, id));
    expect(row?.nextAttemptAt?.getTime()).toBe(next.getTime());
  });
});

import 'server-only';
import { and, eq } from 'drizzle-orm';
import { findUserByEmail } from '../accounts/users';
import { getDb } from '../db/client';
import { resourceStations, resourceVideos } from '../db/schema';
import { importCollection } from '../resource/import-collection';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_COLLECTION, DEMO_STATION } from './resource-fixture';

// The demo station has no real address: it is filled from the bundled fixture, never fetched.
const NEVER = new Date('9999-12-31T00:00:00Z');

/** An approved demo station of the demo developer and its videos (types come with the migrations). */
export async function seedResource(now = new Date()) {
  const db = await getDb();
  const [existing] = await db
    .select({ id: resourceStations.id })
    .from(resourceStations)
    .where(eq(resourceStations.apiUrl, DEMO_STATION.apiUrl));
  if (existing) return repairDemoPlayer(existing.id);
  const developer = await findUserByEmail(DEMO_ACCOUNTS[1].email);
  const admin = await findUserByEmail(DEMO_ACCOUNTS[0].email);
  if (!developer) return;
  const [station] = await db
    .insert(resourceStations)
    .values({
      ...DEMO_STATION,
      userId: developer.id,
      typeId: 1,
      supportHttps: true,
      supportM3u8: true,
      supportPlayer: true,
      toll: 0,
      status: 1,
      auditedAt: now,
      auditorId: admin?.id ?? null,
      probeAt: now,
      probeOk: true,
      probeFormat: 'json',
      probeTotal: 24,
      probeClasses: 7,
      probeMs: 120,
      nextAttemptAt: NEVER,
    })
    .returning();
  if (!station) return;
  await importCollection({ station, body: DEMO_COLLECTION, now });
  await db
    .update(resourceStations)
    .set({ lastCollectedAt: now, lastSuccessAt: now })
    .where(eq(resourceStations.id, station.id));
}

/** Demo installs from before used a code no stock CMS plays, so collecting them lost every play URL. */
async function repairDemoPlayer(stationId: number) {
  const old = 'demom3u8';
  const db = await getDb();
  await db
    .update(resourceStations)
    .set({ playerCode: DEMO_STATION.playerCode })
    .where(and(eq(resourceStations.id, stationId), eq(resourceStations.playerCode, old)));
  await db
    .update(resourceVideos)
    .set({ playFrom: DEMO_STATION.playerCode })
    .where(and(eq(resourceVideos.stationId, stationId), eq(resourceVideos.playFrom, old)));
}

import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/contract/locales';
import { STATION_STATUS } from '@/contract/resource';
import { publicChanged } from '../cache/public-changed';
import { getDb } from '../db/client';
import { resourceStations, resourceTypes } from '../db/schema';
import { invalid } from '../errors';
import { requestJobRun } from '../jobs/lease';
import { COLLECT_JOB } from './collect-job';
import { presentStation } from './present-station';

/** An administrator approves (status 1) or rejects (status 2, remarks required) a station. */
export async function auditStation({
  adminId,
  id,
  status,
  remarks,
  locale,
  now = new Date(),
}: {
  adminId: number;
  id: number;
  status: 1 | 2;
  remarks: string;
  locale: Locale;
  now?: Date;
}) {
  if (status === STATION_STATUS.rejected && !remarks) throw invalid('resource.valid.remarksRequired');
  const db = await getDb();
  const [row] = await db
    .update(resourceStations)
    .set({
      status,
      remarks,
      auditedAt: now,
      auditorId: adminId,
      updatedAt: now,
      // Approval makes the station due at once, and the collector job due with it.
      ...(status === STATION_STATUS.approved ? { nextAttemptAt: null, errorCount: 0 } : {}),
    })
    .where(eq(resourceStations.id, id))
    .returning();
  if (!row) throw invalid('resource.api.stationMissing');
  if (status === STATION_STATUS.approved) await requestJobRun(COLLECT_JOB);
  await publicChanged(['library']);
  const [type] = await db.select().from(resourceTypes).where(eq(resourceTypes.id, row.typeId));
  return presentStation({ station: row, type: type!, locale });
}

import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import { AWAITING_REVIEW_MAX, STATUS } from '@/contract/market';
import { STATION_STATUS } from '@/contract/resource';
import type { Db } from '../db/client';
import { apps, appVersions, resourceStations, users } from '../db/schema';
import { invalid } from '../errors';

type Tx = Pick<Db, 'select'>;
export type Queue = 'items' | 'stations';

/** How many of the account's submissions wait for an administrator, in one queue. */
async function awaitingReview(db: Tx, userId: number, queue: Queue): Promise<number> {
  const [row] =
    queue === 'items'
      ? await db
          .select({ n: count() })
          .from(apps)
          .innerJoin(appVersions, eq(appVersions.id, apps.latestVersionId))
          .where(and(eq(apps.ownerId, userId), eq(appVersions.status, STATUS.review)))
      : await db
          .select({ n: count() })
          .from(resourceStations)
          .where(
            and(eq(resourceStations.userId, userId), eq(resourceStations.status, STATION_STATUS.review)),
          );
  return Number(row?.n ?? 0);
}

/**
 * Refuses a submission past `AWAITING_REVIEW_MAX` waiting in its queue. Called inside the
 * submission's transaction, it first locks the account's row: two submissions sent at once are
 * counted one after the other, so neither slips past the cap. Called outside one (`lock: false`),
 * it is the early answer before costly work (a station's probe); the transaction asks again.
 */
export async function assertReviewRoom(
  db: Tx,
  userId: number,
  queue: Queue,
  { lock = true }: { lock?: boolean } = {},
): Promise<void> {
  if (lock) await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if ((await awaitingReview(db, userId, queue)) >= AWAITING_REVIEW_MAX)
    throw invalid(queue === 'items' ? 'market.err.reviewQueueFull' : 'resource.api.reviewQueueFull', {
      max: AWAITING_REVIEW_MAX,
    });
}

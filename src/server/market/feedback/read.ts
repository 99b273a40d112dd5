import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { unixTime } from '@/contract/format';
import { getDb } from '../../db/client';
import { apps, feedback } from '../../db/schema';
import { AppError, invalid } from '../../errors';
import type { UserRow } from '../../identity/user';

/** feedback_read: the item's developer marks one report (or, with `all`, every report) as read. */
export async function markFeedbackRead(args: { user: UserRow; id?: number; all?: boolean; now: Date }) {
  const { user, now } = args;
  const db = await getDb();
  if (args.id === undefined) {
    const mine = db.select({ id: apps.id }).from(apps).where(eq(apps.ownerId, user.id));
    const done = await db
      .update(feedback)
      .set({ readAt: now })
      .where(and(inArray(feedback.appId, mine), isNull(feedback.readAt)))
      .returning({ id: feedback.id });
    return { count: done.length };
  }
  const [row] = await db
    .select({ id: feedback.id, ownerId: apps.ownerId, readAt: feedback.readAt })
    .from(feedback)
    .innerJoin(apps, eq(apps.id, feedback.appId))
    .where(eq(feedback.id, args.id))
    .limit(1);
  if (!row) throw invalid('feedback.err.reportNotFound');
  if (row.ownerId !== user.id) throw new AppError('forbidden', 'feedback.err.notYours');
  const readAt = row.readAt ?? now;
  if (!row.readAt) await db.update(feedback).set({ readAt }).where(eq(feedback.id, row.id));
  return { id: row.id, read_time: unixTime(readAt) };
}

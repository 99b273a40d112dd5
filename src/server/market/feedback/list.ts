import 'server-only';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FeedbackListInput, FeedbackPage, FeedbackRow } from '@/contract/feedback';
import { formatTime, unixTime } from '@/contract/format';
import { getDb } from '../../db/client';
import { apps, appVersions, feedback } from '../../db/schema';
import { isAdmin, type UserRow } from '../../identity/user';
import { mediaUrl, presentVideo } from './media';

const latest = alias(appVersions, 'latest');
const released = alias(appVersions, 'released');

/**
 * feedback_list: reports on the caller's items (an administrator sees everyone's with `all`),
 * filtered by kind and by the status of the item's latest version like the other lists, newest first.
 */
export async function feedbackList(args: { user: UserRow; input: FeedbackListInput }): Promise<FeedbackPage> {
  const { user, input } = args;
  const everyone = input.all && isAdmin(user);
  const where = and(
    ...([
      everyone ? undefined : eq(apps.ownerId, user.id),
      input.type ? eq(apps.kind, input.type) : undefined,
      input.status !== '' ? eq(latest.status, Number(input.status)) : undefined,
    ] satisfies (SQL | undefined)[]),
  );
  const db = await getDb();
  const base = () =>
    db
      .select({
        f: feedback,
        kind: apps.kind,
        ownerId: apps.ownerId,
        status: latest.status,
        latestName: latest.name,
        releasedName: released.name,
      })
      .from(feedback)
      .innerJoin(apps, eq(apps.id, feedback.appId))
      .innerJoin(latest, eq(latest.id, apps.latestVersionId))
      .leftJoin(released, eq(released.id, apps.releasedVersionId));
  const rows = await base()
    .where(where)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const [total] = await db
    .select({ n: count() })
    .from(feedback)
    .innerJoin(apps, eq(apps.id, feedback.appId))
    .innerJoin(latest, eq(latest.id, apps.latestVersionId))
    .where(where);
  const [unread] = await db
    .select({ n: count() })
    .from(feedback)
    .innerJoin(apps, eq(apps.id, feedback.appId))
    .where(and(eq(apps.ownerId, user.id), isNull(feedback.readAt)));
  return {
    list: rows.map(
      (r): FeedbackRow => ({
        id: r.f.id,
        app_id: r.f.appId,
        type: r.kind,
        name: r.releasedName ?? r.latestName,
        status: r.status,
        version: r.f.version,
        content: r.f.content,
        images: r.f.images.map((key) => mediaUrl(r.f.id, key)),
        videos: r.f.videos.map((v) => presentVideo(r.f.id, v)),
        create_time: unixTime(r.f.createdAt),
        create_time_text: formatTime(unixTime(r.f.createdAt)),
        is_read: r.f.readAt !== null,
        read_time: unixTime(r.f.readAt),
        mine: r.ownerId === user.id,
      }),
    ),
    count: total?.n ?? 0,
    unread: unread?.n ?? 0,
    page: input.page,
    limit: input.limit,
  };
}

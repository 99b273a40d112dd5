import 'server-only';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DeveloperCenter } from '@/contract/developer-output';
import { feedbackListSchema } from '@/contract/feedback';
import { unixTime } from '@/contract/format';
import { getDb } from '../db/client';
import { apps, appVersions, auditRecords, feedback } from '../db/schema';
import type { UserRow } from '../identity/user';
import { downloadStats } from './download-stats';
import { feedbackList } from './feedback/list';
import { fileUrl } from './files';
import { reviewQueue } from './queue';

/**
 * /api/developer/center: items per status, download figures, the top lists, the chart, the review
 * queue, the notices of state changes and the first page of problem feedback (`feedback`: list,
 * count, unread, as feedback_list answers it).
 */
export async function developerCenter(args: { user: UserRow; now: Date }): Promise<DeveloperCenter> {
  const userId = args.user.id;
  const db = await getDb();
  const rows = await db
    .select({ app: apps, v: appVersions })
    .from(apps)
    .innerJoin(appVersions, eq(appVersions.id, apps.latestVersionId))
    .where(eq(apps.ownerId, userId))
    .orderBy(desc(apps.id));
  const counts = (kind: string) => {
    const mine = rows.filter((r) => r.app.kind === kind);
    const by = (s: number) => mine.filter((r) => r.v.status === s).length;
    return { all: mine.length, review: by(0), approved: by(1), failed: by(2), released: by(3) };
  };
  const overview = { plugin: counts('plugin'), theme: counts('theme') };
  const queue = await reviewQueue();
  const stats = await downloadStats(
    rows.map((r) => r.app.id),
    args.now,
  );
  const top = (kind: string) =>
    rows
      .filter((r) => r.app.kind === kind && r.app.releasedVersionId)
      .map((r) => ({ r, today: stats.today.get(r.app.id) ?? 0 }))
      .sort((a, b) => b.today - a.today || b.r.app.downloadNum - a.r.app.downloadNum)
      .slice(0, 10)
      .map(({ r, today }) => ({
        id: r.app.id,
        name: r.v.name,
        pc_image: fileUrl(r.v.pcImage),
        today,
        total: r.app.downloadNum,
      }));
  const names = new Map(rows.map((r) => [r.app.id, r.v.name]));
  return {
    data_overview: {
      ...overview,
      download_total: stats.total,
      download_unique: stats.unique,
      download_today: [...stats.today.values()].reduce((a, b) => a + b, 0),
      feedback_count: await db.$count(feedback, inArray(feedback.appId, rows.map((r) => r.app.id).concat(0))),
    },
    download_score: {
      days: stats.days,
      series: stats.series.map((s) => ({ ...s, name: names.get(s.id) ?? '' })),
    },
    review_plugins_list: top('plugin'),
    review_theme_list: top('theme'),
    queue: rows
      .filter((r) => r.v.status === 0)
      .map((r) => ({
        id: r.app.id,
        type: r.app.kind,
        name: r.v.name,
        position: queue.get(r.v.id) ?? 0,
        held: r.v.held,
        submit_time: unixTime(r.v.submittedAt),
      })),
    queue_total: queue.size,
    notices: await notices(userId),
    feedback: await feedbackList({ user: args.user, input: feedbackListSchema.parse({}) }),
  };
}

/** Every approval, rejection (with its reason) and release of the developer's items, newest first. */
async function notices(userId: number) {
  const db = await getDb();
  const mine = db.select({ id: apps.id }).from(apps).where(eq(apps.ownerId, userId));
  const rows = await db
    .select({ r: auditRecords, name: appVersions.name, kind: apps.kind })
    .from(auditRecords)
    .innerJoin(appVersions, eq(appVersions.id, auditRecords.versionId))
    .innerJoin(apps, eq(apps.id, auditRecords.appId))
    .where(and(inArray(auditRecords.appId, mine), ne(auditRecords.action, 'submit')))
    .orderBy(desc(auditRecords.id))
    .limit(20);
  return rows.map(({ r, name, kind }) => ({
    id: r.id,
    app_id: r.appId,
    type: kind,
    name,
    action: r.action,
    status: r.status,
    version: r.version,
    remarks: r.remarks,
    time: unixTime(r.createdAt),
  }));
}

import 'server-only';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { apps, appVersions, feedback, mailPreferences } from '../../db/schema';
import { kickDelivery } from '../deliver';
import { mailText, pageLink } from '../links';
import { notificationFooter } from '../preferences';
import { queueMail } from '../queue';
import { notificationRecipient } from './recipient';

const DAY = 86_400_000;

/**
 * New problem feedback, one digest per developer and at most one a day: counts per item since the
 * last digest (on the first, the last day). Sent only to developers who keep the topic on.
 */
export async function sendFeedbackDigests(now = new Date()): Promise<number> {
  const db = await getDb();
  const since = new Date(now.getTime() - DAY);
  // Owners with feedback newer than their last digest (or than a day, before the first one).
  const rows = await db
    .selectDistinct({ ownerId: apps.ownerId })
    .from(feedback)
    .innerJoin(apps, eq(apps.id, feedback.appId))
    .leftJoin(mailPreferences, eq(mailPreferences.userId, apps.ownerId))
    .where(
      gt(
        feedback.createdAt,
        sql`coalesce(${mailPreferences.feedbackDigestAt}, ${since.toISOString()}::timestamptz)`,
      ),
    );
  const owners = [...new Set(rows.map((r) => r.ownerId))];
  let sent = 0;
  for (const ownerId of owners) {
    const to = await notificationRecipient(ownerId, 'feedback');
    if (!to) continue;
    const cutOff = to.prefs.feedbackDigestAt;
    if (cutOff && now.getTime() - cutOff.getTime() < DAY) continue;
    const items = await newSince(ownerId, cutOff ?? since);
    if (items.length === 0) continue;
    const total = items.reduce((n, i) => n + i.reports, 0);
    // The next digest counts what came after the newest report counted here, to the microsecond the
    // database keeps (a report a millisecond before `now` would otherwise be counted twice).
    const newest = items
      .map((i) => i.newest)
      .sort()
      .at(-1)!;
    const t = mailText(to.locale);
    await db.transaction(async (tx) => {
      await tx
        .update(mailPreferences)
        .set({ feedbackDigestAt: sql`greatest(${now.toISOString()}::timestamptz, ${newest}::timestamptz)` })
        .where(eq(mailPreferences.userId, ownerId));
      await queueMail(
        {
          to: to.user.email,
          kind: 'feedback',
          locale: to.locale,
          content: {
            subject: t('feedback.subject', { count: total }),
            paragraphs: [
              t('hello', { name: to.user.name || to.user.email }),
              t('feedback.intro'),
              items.map((i) => t('feedback.line', { name: i.name, count: i.reports })).join('\n'),
            ],
            action: { label: t('feedback.action'), url: pageLink(to.locale, '/market/devCenter') },
            ...notificationFooter({
              locale: to.locale,
              key: to.key,
              topic: 'feedback',
              email: to.user.email,
            }),
          },
        },
        tx,
      );
    });
    sent++;
  }
  if (sent) kickDelivery();
  return sent;
}

async function newSince(ownerId: number, since: Date) {
  const db = await getDb();
  return db
    .select({
      name: appVersions.name,
      reports: count(),
      newest: sql<string>`to_char(max(${feedback.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(feedback)
    .innerJoin(apps, eq(apps.id, feedback.appId))
    .innerJoin(appVersions, eq(appVersions.id, apps.latestVersionId))
    .where(and(eq(apps.ownerId, ownerId), gt(feedback.createdAt, since)))
    .groupBy(apps.id, appVersions.name)
    .orderBy(appVersions.name);
}

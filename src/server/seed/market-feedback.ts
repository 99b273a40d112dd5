import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { feedbackSchema } from '@/contract/feedback';
import { getDb } from '../db/client';
import { apps, appVersions, feedback } from '../db/schema';
import { submitFeedback } from '../market/feedback/submit';
import { demoMedia } from './demo-media';

const REPORTS = [
  {
    content:
      '升级到 2025.1000.4053 后，播放页的弹幕不再显示，浏览器控制台提示 danmaku.js 404。\nAfter upgrading, bullet comments no longer show on the player page.',
    hoursAgo: 5,
  },
  {
    content: '手机端全屏播放时弹幕输入框挡住了进度条，见截图和录屏。',
    hoursAgo: 30,
  },
] as const;

/** Two reports on the demo plugin "danmaku", sent through the feedback service (once). */
export async function seedMarketFeedback() {
  const db = await getDb();
  const [app] = await db
    .select({ id: apps.id, version: appVersions.version })
    .from(apps)
    .innerJoin(appVersions, eq(appVersions.id, apps.releasedVersionId))
    .where(and(eq(apps.kind, 'plugin'), sql`lower(${appVersions.folder}) = 'danmaku'`))
    .limit(1);
  if (!app) return;
  const [existing] = await db
    .select({ id: feedback.id })
    .from(feedback)
    .where(eq(feedback.appId, app.id))
    .limit(1);
  if (existing) return;
  for (const [index, report] of REPORTS.entries()) {
    const input = feedbackSchema.parse({
      id: app.id,
      type: 'plugin',
      version: app.version,
      content: report.content,
      images: [demoMedia(`feedback/screenshot-${index + 1}.png`, 'screenshot.png')],
      videos: [demoMedia('feedback/recording.mp4')],
    });
    await submitFeedback({ input, now: new Date(Date.now() - report.hoursAgo * 3600_000) });
  }
}

import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { reviewSaveSchema } from '@/contract/item-reviews';
import { findUserByEmail } from '../accounts/users';
import { getDb } from '../db/client';
import { apps, appVersions, itemReviews } from '../db/schema';
import { recordUserDownload } from '../market/ratings/downloads';
import { replyToReview, saveReview } from '../market/ratings/write';
import { DEMO_ACCOUNTS } from './demo-accounts';

const [ADMIN, DEV, STUDIO] = [DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[1].email, DEMO_ACCOUNTS[2].email];

/** Reviews of released demo items by demo accounts that are not their developer, some answered. */
const REVIEWS = [
  {
    folder: 'danmaku',
    by: STUDIO,
    ip: '192.0.2.21',
    rating: 5,
    content: '弹幕很流畅，手机端也能正常显示。Smooth on phones too.',
    // The developer of the demo danmaku plugin answers.
    answeredBy: DEV,
    reply: '感谢支持！下个版本会加入弹幕屏蔽词。Thanks, keyword filtering comes next.',
  },
  {
    folder: 'danmaku',
    by: ADMIN,
    ip: '192.0.2.22',
    rating: 4,
    content: '功能齐全，希望能自定义弹幕字体大小。',
    answeredBy: '',
    reply: '',
  },
  {
    folder: 'seopro',
    by: STUDIO,
    ip: '192.0.2.21',
    rating: 4,
    content: '站点地图生成很快，省了不少事。',
    answeredBy: '',
    reply: '',
  },
  {
    folder: 'points',
    by: DEV,
    ip: '192.0.2.23',
    rating: 5,
    content: 'Points and sign-in rewards work as described.',
    answeredBy: STUDIO,
    reply: 'Glad it helps! 欢迎反馈建议。',
  },
] as const;

/**
 * The demo's reviews, written through the review services as a user would (a logged-in download,
 * then the review, then the developer's answer). Once: a review that exists is left alone.
 */
export async function seedMarketReviews() {
  const db = await getDb();
  for (const r of REVIEWS) {
    const [app] = await db
      .select({ id: apps.id, ownerId: apps.ownerId })
      .from(apps)
      .innerJoin(appVersions, eq(appVersions.id, apps.releasedVersionId))
      .where(sql`lower(${appVersions.folder}) = ${r.folder}`)
      .limit(1);
    const user = await findUserByEmail(r.by);
    if (!app || !user || user.id === app.ownerId) continue;
    const [existing] = await db
      .select({ id: itemReviews.id })
      .from(itemReviews)
      .where(and(eq(itemReviews.appId, app.id), eq(itemReviews.userId, user.id)))
      .limit(1);
    if (existing) continue;
    await recordUserDownload(user.id, app.id);
    const input = reviewSaveSchema.parse({ id: app.id, rating: r.rating, content: r.content });
    const saved = await saveReview({ user, input, ip: r.ip, now: new Date() });
    const owner = r.answeredBy ? await findUserByEmail(r.answeredBy) : undefined;
    if (owner?.id === app.ownerId)
      await replyToReview({ user: owner, reviewId: saved.id, reply: r.reply, now: new Date() });
  }
}

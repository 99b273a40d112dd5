import 'server-only';
import { eq } from 'drizzle-orm';
import { formatTime, unixTime } from '@/contract/format';
import { getDb } from '../../db/client';
import { apps, appVersions } from '../../db/schema';
import { devItemLink, mailText } from '../links';
import { notificationFooter } from '../preferences';
import { queueMail } from '../queue';
import { notificationRecipient, quietly } from './recipient';

/** Tells a developer that a licence code of their paid item was redeemed by a site. */
export function notifyLicenceUsed(args: { appId: number; code: string; at: Date }): Promise<void> {
  return quietly('licence mail', async () => {
    const db = await getDb();
    const [app] = await db
      .select({ ownerId: apps.ownerId, name: appVersions.name })
      .from(apps)
      .innerJoin(appVersions, eq(appVersions.id, apps.latestVersionId))
      .where(eq(apps.id, args.appId))
      .limit(1);
    if (!app) return;
    const to = await notificationRecipient(app.ownerId, 'licence');
    if (!to) return;
    const t = mailText(to.locale);
    const params = { name: app.name, code: args.code, time: formatTime(unixTime(args.at)) };
    await queueMail({
      to: to.user.email,
      kind: 'licence',
      locale: to.locale,
      content: {
        subject: t('licence.subject', params),
        paragraphs: [t('hello', { name: to.user.name || to.user.email }), t('licence.intro', params)],
        action: { label: t('licence.action'), url: devItemLink(to.locale, args.appId) },
        ...notificationFooter({ locale: to.locale, key: to.key, topic: 'licence', email: to.user.email }),
      },
    });
  });
}

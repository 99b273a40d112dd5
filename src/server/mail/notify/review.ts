import 'server-only';
import type { Kind } from '@/contract/market';
import { devItemLink, mailText } from '../links';
import { notificationFooter } from '../preferences';
import { queueMail } from '../queue';
import { notificationRecipient, quietly } from './recipient';

type Review = {
  ownerId: number;
  /** The item, which the mail links to in the developer centre. */
  appId: number;
  kind: Kind;
  name: string;
  version: string;
  approved: boolean;
  remarks: string;
};

/** Tells a developer that a version passed review or not (with the reviewer's reason). */
export function notifyReviewed(review: Review): Promise<void> {
  return quietly('review mail', async () => {
    const to = await notificationRecipient(review.ownerId, 'review');
    if (!to) return;
    const t = mailText(to.locale);
    const params = { name: review.name, version: review.version, kind: t(`kind.${review.kind}`) };
    const paragraphs = [t('hello', { name: to.user.name || to.user.email })];
    paragraphs.push(t(review.approved ? 'review.approved' : 'review.rejected', params));
    // The reviewer's remark goes along either way: a note on an approval matters too.
    const remark = review.remarks.trim();
    if (remark) paragraphs.push(t(review.approved ? 'review.remark' : 'review.reason', { reason: remark }));
    await queueMail({
      to: to.user.email,
      kind: 'review',
      locale: to.locale,
      content: {
        subject: t(review.approved ? 'review.approvedSubject' : 'review.rejectedSubject', params),
        paragraphs,
        action: { label: t('review.action'), url: devItemLink(to.locale, review.appId) },
        ...notificationFooter({ locale: to.locale, key: to.key, topic: 'review', email: to.user.email }),
      },
    });
  });
}

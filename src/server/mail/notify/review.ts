import 'server-only';
import type { Kind } from '@/contract/market';
import { mailText, pageLink } from '../links';
import { notificationFooter } from '../preferences';
import { queueMail } from '../queue';
import { notificationRecipient, quietly } from './recipient';

type Review = {
  ownerId: number;
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
    if (review.approved) paragraphs.push(t('review.approved', params));
    else {
      paragraphs.push(t('review.rejected', params));
      if (review.remarks.trim()) paragraphs.push(t('review.reason', { reason: review.remarks.trim() }));
    }
    await queueMail({
      to: to.user.email,
      kind: 'review',
      locale: to.locale,
      content: {
        subject: t(review.approved ? 'review.approvedSubject' : 'review.rejectedSubject', params),
        paragraphs,
        action: { label: t('review.action'), url: pageLink(to.locale, '/market/devCenter') },
        ...notificationFooter({ locale: to.locale, key: to.key, topic: 'review', email: to.user.email }),
      },
    });
  });
}

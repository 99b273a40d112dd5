import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Job } from '../jobs/scheduler';
import { deliverDueMail } from './deliver';
import { sendFeedbackDigests } from './notify/feedback-digest';

const DAY = 86_400_000;

/** Delivers queued mail (each scheduler tick) and forgets old records of sent and failed mail. */
export const mailDeliveryJob: Job = {
  name: 'mail-delivery',
  everyMs: 15_000,
  run: async (now) => {
    for (let round = 0; round < 10; round++) {
      const { sent, failed } = await deliverDueMail(now);
      if (sent + failed === 0) break;
    }
    const db = await getDb();
    await db
      .delete(mailOutbox)
      .where(
        and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.createdAt, new Date(now.getTime() - 30 * DAY))),
      );
    await db
      .delete(mailOutbox)
      .where(
        and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.createdAt, new Date(now.getTime() - 90 * DAY))),
      );
  },
};

/** New problem feedback, mailed to each item's developer at most once a day. */
export const feedbackDigestJob: Job = {
  name: 'mail-feedback-digest',
  everyMs: 3600_000,
  run: async (now) => {
    await sendFeedbackDigests(now);
  },
};

import { feedbackReadSchema } from '@/contract/feedback';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { markFeedbackRead } from '@/server/market/feedback/read';

/** Marks a report on the caller's item as read (`id`), or all of them (`all=1`). */
export const POST = handler({
  schema: feedbackReadSchema,
  auth: 'user',
  run: async ({ input, user, ctx }) =>
    new Reply(
      await markFeedbackRead({ user, id: input.id, all: input.all, now: ctx.now }),
      'feedback.msg.read',
    ),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

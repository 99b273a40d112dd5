import { z } from 'zod';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { outboxOverview, retryMail } from '@/server/mail/admin';

const schema = z.union([
  z.object({ action: z.literal('retry'), id: z.coerce.number().int().min(1) }),
  z.object({ action: z.literal('list').optional() }),
]);

/** Administrators: the mail queue (waiting and failed mail with the error) and "send again". */
export const POST = handler({
  schema,
  auth: 'admin',
  run: async ({ input, ctx }) => {
    if ('id' in input) {
      await retryMail(input.id, ctx.now);
      return new Reply(await outboxOverview(ctx.now), 'auth.api.mailRetried');
    }
    return outboxOverview(ctx.now);
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

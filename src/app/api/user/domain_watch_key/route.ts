import { ACCOUNT_LIMITS, watchKeySchema } from '@/contract/account';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';
import { answerWatch } from '@/server/mail/domain-watch';

/** The links of watch mails: confirm the watch, or unsubscribe. */
export const POST = handler({
  schema: watchKeySchema,
  run: async ({ input, ctx }) => {
    await hitRateLimit(`link:ip:${ctx.ip}`, ACCOUNT_LIMITS.linkPerIp, ctx.now);
    const result = await answerWatch({ ...input, now: ctx.now });
    return new Reply(result, result.watching ? 'auth.api.watching' : 'auth.api.unsubscribed');
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

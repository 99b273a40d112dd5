import { ACCOUNT_LIMITS, tokenSchema } from '@/contract/account';
import { presentUser } from '@/server/accounts/present';
import { confirmEmailToken } from '@/server/accounts/verify-email';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';

/** The link of a verification or email-change mail, posted by the /user/verify page. */
export const POST = handler({
  schema: tokenSchema,
  run: async ({ input, ctx }) => {
    await hitRateLimit(`link:ip:${ctx.ip}`, ACCOUNT_LIMITS.linkPerIp, ctx.now);
    const { purpose, user } = await confirmEmailToken({
      token: input.code,
      now: ctx.now,
      sessionToken: ctx.token,
    });
    const info = { purpose, user: presentUser(user) };
    return new Reply(info, purpose === 'change' ? 'auth.api.emailChanged' : 'auth.api.emailVerified');
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

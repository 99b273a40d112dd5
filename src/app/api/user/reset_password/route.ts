import { ACCOUNT_LIMITS, resetSchema } from '@/contract/account';
import { resetPassword } from '@/server/accounts/password-reset';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';

/** The reset page: a new password from a mailed link; every other session of the account ends. */
export const POST = handler({
  schema: resetSchema,
  run: async ({ input, ctx }) => {
    await hitRateLimit(`link:ip:${ctx.ip}`, ACCOUNT_LIMITS.linkPerIp, ctx.now);
    const user = await resetPassword({
      token: input.code,
      password: input.password,
      sessionToken: ctx.token,
      now: ctx.now,
    });
    return new Reply({ email: user.email }, 'auth.api.passwordReset');
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

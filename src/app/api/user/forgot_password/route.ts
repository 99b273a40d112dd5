import { ACCOUNT_LIMITS, forgotSchema } from '@/contract/account';
import { requestPasswordReset } from '@/server/accounts/password-reset';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';

/** "Forgot password": the same answer whether or not an account uses the address. */
export const POST = handler({
  schema: forgotSchema,
  run: async ({ input, ctx }) => {
    await hitRateLimit(`forgot:ip:${ctx.ip}`, ACCOUNT_LIMITS.forgotPerIp, ctx.now);
    await requestPasswordReset(input.email, ctx.now);
    return new Reply(null, 'auth.api.resetSent');
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

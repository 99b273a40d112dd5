import { ACCOUNT_LIMITS, changePasswordSchema } from '@/contract/account';
import { changePassword } from '@/server/accounts/change-password';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';

/** Change password on /user: the current one is required; every other session ends. */
export const POST = handler({
  schema: changePasswordSchema,
  auth: 'user',
  run: async ({ input, user, ctx }) => {
    await hitRateLimit(`password:user:${user.id}`, ACCOUNT_LIMITS.passwordPerAccount, ctx.now);
    const result = await changePassword({ user, ...input, sessionToken: ctx.token, now: ctx.now });
    return new Reply(result, 'auth.api.passwordChanged');
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

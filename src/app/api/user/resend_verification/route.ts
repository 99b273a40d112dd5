import { z } from 'zod';
import { ACCOUNT_LIMITS } from '@/contract/account';
import { resendVerification } from '@/server/accounts/verify-email';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';

/** "Resend the link" for a logged-in account whose address is not verified yet. */
export const POST = handler({
  schema: z.object({}),
  auth: 'user',
  run: async ({ user, ctx }) => {
    await hitRateLimit(`verify-resend:ip:${ctx.ip}`, ACCOUNT_LIMITS.resendPerIp, ctx.now);
    return new Reply(await resendVerification(user, ctx.now), 'auth.api.verificationSent');
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

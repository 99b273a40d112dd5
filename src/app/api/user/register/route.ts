import { RATE_LIMITS } from '@/contract/limits';
import { registerSchema } from '@/contract/user';
import { presentUser } from '@/server/accounts/present';
import { registerUser } from '@/server/accounts/register';
import { handler, Reply } from '@/server/http/handler';
import { hitRateLimit } from '@/server/http/rate-limit';
import { isHttps, sessionCookie } from '@/server/http/session-cookie';

export const POST = handler({
  schema: registerSchema,
  run: async ({ input, ctx, request }) => {
    await hitRateLimit(`register:ip:${ctx.ip}`, RATE_LIMITS.registerPerIp, ctx.now);
    const { user, token, expiresAt } = await registerUser(input);
    return new Reply({ token, user: presentUser(user) }, 'api.registered', {
      'set-cookie': sessionCookie(token, expiresAt, isHttps(request)),
    });
  },
});

import { RATE_LIMITS } from '@/contract/limits';
import { loginSchema } from '@/contract/user';
import { loginUser } from '@/server/accounts/login';
import { presentUser } from '@/server/accounts/present';
import { handler, Reply } from '@/server/http/handler';
import { hitRateLimit } from '@/server/http/rate-limit';
import { isHttps, sessionCookie } from '@/server/http/session-cookie';

export const POST = handler({
  schema: loginSchema,
  run: async ({ input, ctx, request }) => {
    await hitRateLimit(`login:ip:${ctx.ip}`, RATE_LIMITS.loginPerIp, ctx.now);
    await hitRateLimit(`login:account:${input.email}`, RATE_LIMITS.loginPerAccount, ctx.now);
    const { user, token, expiresAt } = await loginUser(input);
    return new Reply({ token, user: presentUser(user) }, 'api.loggedIn', {
      'set-cookie': sessionCookie(token, expiresAt, isHttps(request)),
    });
  },
});

import { RATE_LIMITS } from '@/contract/limits';
import { registerSchema } from '@/contract/user';
import { deviceCookie } from '@/server/accounts/known-device';
import { presentUser } from '@/server/accounts/present';
import { registerUser } from '@/server/accounts/register';
import { sessionMeta } from '@/server/accounts/session-meta';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';
import { isHttps, sessionCookie } from '@/server/http/session-cookie';

export const POST = handler({
  schema: registerSchema,
  run: async ({ input, ctx, request }) => {
    await hitRateLimit(`register:ip:${ctx.ip}`, RATE_LIMITS.registerPerIp, ctx.now);
    const { user, token, expiresAt } = await registerUser(input, {
      locale: ctx.locale,
      meta: sessionMeta(request, ctx),
      now: ctx.now,
    });
    const secure = isHttps(request);
    // The device that created the account is a known device of it (login-throttle.ts).
    return new Reply({ token, user: presentUser(user) }, 'api.registered', {
      'set-cookie': [sessionCookie(token, expiresAt, secure), deviceCookie(user, secure)],
    });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

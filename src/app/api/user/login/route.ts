import { loginSchema } from '@/contract/user';
import { deviceCookie, deviceCookieName } from '@/server/accounts/known-device';
import { loginUser } from '@/server/accounts/login';
import { throttleLogin } from '@/server/accounts/login-throttle';
import { presentUser } from '@/server/accounts/present';
import { sessionMeta } from '@/server/accounts/session-meta';
import { readCookie } from '@/server/http/context';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { isHttps, sessionCookie } from '@/server/http/session-cookie';

export const POST = handler({
  schema: loginSchema,
  run: async ({ input, ctx, request }) => {
    const device = readCookie(request.headers.get('cookie'), deviceCookieName());
    const { user, token, expiresAt } = await loginUser(input, {
      locale: ctx.locale,
      meta: sessionMeta(request, ctx),
      guard: (found) => throttleLogin({ email: input.email, ip: ctx.ip, device, user: found, now: ctx.now }),
    });
    const secure = isHttps(request);
    return new Reply({ token, user: presentUser(user) }, 'api.loggedIn', {
      'set-cookie': [sessionCookie(token, expiresAt, secure), deviceCookie(user, secure)],
    });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

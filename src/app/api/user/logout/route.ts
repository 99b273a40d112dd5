import { z } from 'zod';
import { revokeSession } from '@/server/accounts/sessions';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { clearSessionCookie } from '@/server/http/session-cookie';

export const POST = handler({
  schema: z.object({}),
  run: async ({ ctx }) => {
    if (ctx.token) await revokeSession(ctx.token);
    return new Reply(null, 'api.loggedOut', { 'set-cookie': clearSessionCookie() });
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

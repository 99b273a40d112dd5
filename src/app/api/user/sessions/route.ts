import { z } from 'zod';
import { presentSessions } from '@/server/accounts/present-sessions';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';

/** The caller's active sessions: device, address, last seen, and which one is this browser. */
export const POST = handler({
  schema: z.object({}),
  auth: 'user',
  run: async ({ user, ctx }) => ({ list: await presentSessions(user.id, ctx.token) }),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

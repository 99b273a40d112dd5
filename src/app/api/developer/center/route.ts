import { z } from 'zod';
import { handler } from '@/server/http/handler';
import { developerCenter } from '@/server/market/center';

export const POST = handler({
  schema: z.object({}),
  auth: 'user',
  run: ({ user, ctx }) => developerCenter({ userId: user.id, now: ctx.now }),
});

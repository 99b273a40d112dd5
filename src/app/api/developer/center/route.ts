import { z } from 'zod';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { developerCenter } from '@/server/market/center';

export const POST = handler({
  schema: z.object({}),
  auth: 'user',
  run: ({ user, ctx }) => developerCenter({ user, now: ctx.now }),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

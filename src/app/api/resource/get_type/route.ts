import { z } from 'zod';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { listTypes } from '@/server/resource/list-types';

export const POST = handler({
  schema: z.object({}),
  run: async ({ ctx }) => ({ list: await listTypes({ locale: ctx.locale }) }),
});

export const GET = POST;

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');

import { stationSchema } from '@/contract/resource';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { addStation } from '@/server/resource/add-station';

export const POST = handler({
  schema: stationSchema,
  auth: 'user',
  run: async ({ input, user, ctx }) =>
    new Reply(
      await addStation({ userId: user.id, input, locale: ctx.locale, now: ctx.now }),
      'api.submitted',
    ),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

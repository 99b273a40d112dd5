import { stationSchema } from '@/contract/resource';
import { handler, Reply } from '@/server/http/handler';
import { addStation } from '@/server/resource/add-station';
import { anyPayload, validate } from '@/server/resource/validate';

export const POST = handler({
  schema: anyPayload,
  auth: 'user',
  run: async ({ input, user, ctx }) => {
    const station = validate(stationSchema, input);
    return new Reply(
      await addStation({ userId: user.id, input: station, locale: ctx.locale, now: ctx.now }),
      'api.submitted',
    );
  },
});

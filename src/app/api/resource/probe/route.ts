import { probeSchema } from '@/contract/resource';
import { handler } from '@/server/http/handler';
import { probeStation } from '@/server/resource/probe-station';
import { anyPayload, validate } from '@/server/resource/validate';

/** The check before submitting: does the address answer in the collection format, how much, how fast. */
export const POST = handler({
  schema: anyPayload,
  auth: 'user',
  run: async ({ input, ctx }) => {
    const { api_url } = validate(probeSchema, input);
    const { reason: _reason, ...result } = await probeStation({ apiUrl: api_url, locale: ctx.locale });
    return result;
  },
});

import { probeSchema } from '@/contract/resource';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { probeStation } from '@/server/resource/probe-station';

/** The check before submitting: does the address answer in the collection format, how much, how fast. */
export const POST = handler({
  schema: probeSchema,
  auth: 'user',
  run: async ({ input, ctx }) => {
    const { reason: _reason, ...result } = await probeStation({ apiUrl: input.api_url, locale: ctx.locale });
    return result;
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

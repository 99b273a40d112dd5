import { UPLOADS_PER_HOUR, uploadSchema } from '@/contract/market';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { hitRateLimit } from '@/server/http/rate-limit';
import { uploadFile } from '@/server/market/upload';

/** One file per request (multipart `file`, `type` source|image, `kind`), so the page can show progress. */
export const POST = handler({
  schema: uploadSchema,
  auth: 'user',
  run: async ({ input, user, ctx }) => {
    await hitRateLimit(`upload:${user.id}`, UPLOADS_PER_HOUR, ctx.now);
    return new Reply(
      await uploadFile({ userId: user.id, ...input, locale: ctx.locale }),
      'market.msg.uploaded',
    );
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

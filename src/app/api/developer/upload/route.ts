import { uploadSchema } from '@/contract/market';
import { handler, Reply } from '@/server/http/handler';
import { uploadFile } from '@/server/market/upload';

/** One file per request (multipart `file`, `type` source|image, `kind`), so the page can show progress. */
export const POST = handler({
  schema: uploadSchema,
  auth: 'user',
  run: async ({ input, user, ctx }) =>
    new Reply(await uploadFile({ userId: user.id, ...input, locale: ctx.locale }), 'market.msg.uploaded'),
});

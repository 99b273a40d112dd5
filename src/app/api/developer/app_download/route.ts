import { idSchema } from '@/contract/market';
import { handler, Reply } from '@/server/http/handler';
import { appDownload } from '@/server/market/download';

export const POST = handler({
  schema: idSchema,
  auth: 'user',
  run: async ({ input, user }) =>
    new Reply(await appDownload({ user, id: input.id }), 'market.msg.downloadReady'),
});

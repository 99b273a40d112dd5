import { idSchema } from '@/contract/market';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { appDownload } from '@/server/market/download';

export const POST = handler({
  schema: idSchema,
  auth: 'user',
  run: async ({ input, user }) =>
    new Reply(await appDownload({ user, id: input.id }), 'market.msg.downloadReady'),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

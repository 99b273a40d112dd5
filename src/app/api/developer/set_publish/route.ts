import { idSchema } from '@/contract/market';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { publishApp } from '@/server/market/publish';

export const POST = handler({
  schema: idSchema,
  auth: 'user',
  run: async ({ input, user }) => new Reply(await publishApp({ user, id: input.id }), 'market.msg.published'),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

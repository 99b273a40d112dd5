import { verifyAuthCodeSchema } from '@/contract/market';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { verifyOwnAuthCode } from '@/server/market/auth-codes';

export const POST = handler({
  schema: verifyAuthCodeSchema,
  auth: 'user',
  run: async ({ input, user, ctx }) =>
    new Reply(
      await verifyOwnAuthCode({ user, id: input.id, code: input.code, now: ctx.now }),
      'market.msg.codeValid',
    ),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

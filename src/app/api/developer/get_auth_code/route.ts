import { authCodeSchema } from '@/contract/market';
import { handler } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { generateAuthCode } from '@/server/market/auth-codes';

export const POST = handler({
  schema: authCodeSchema,
  auth: 'user',
  run: ({ input, user }) => generateAuthCode({ user, id: input.id }),
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

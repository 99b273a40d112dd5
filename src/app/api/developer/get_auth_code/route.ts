import { authCodeSchema } from '@/contract/market';
import { handler } from '@/server/http/handler';
import { generateAuthCode } from '@/server/market/auth-codes';

export const POST = handler({
  schema: authCodeSchema,
  auth: 'user',
  run: ({ input, user }) => generateAuthCode({ user, id: input.id }),
});

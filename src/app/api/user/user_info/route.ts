import { z } from 'zod';
import { userInfoSchema } from '@/contract/user';
import { presentUser } from '@/server/accounts/present';
import { updateProfile } from '@/server/accounts/users';
import { handler, Reply } from '@/server/http/handler';

// `type` defaults to info, so a bare call reads the profile.
const schema = z.preprocess(
  (v) => (v && typeof v === 'object' && !('type' in v) ? { ...v, type: 'info' } : v),
  userInfoSchema,
);

export const POST = handler({
  schema,
  auth: 'user',
  run: async ({ input, user }) => {
    if (input.type === 'info') return presentUser(user);
    const { type: _type, ...profile } = input;
    return new Reply(presentUser(await updateProfile(user.id, profile)), 'api.modified');
  },
});

export const GET = POST;

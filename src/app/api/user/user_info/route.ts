import { z } from 'zod';
import { userInfoSchema } from '@/contract/user';
import { presentUser } from '@/server/accounts/present';
import { pendingEmail } from '@/server/accounts/tokens';
import { updateProfile } from '@/server/accounts/users';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';

// `type` defaults to info, so a bare call reads the profile.
const schema = z.preprocess(
  (v) => (v && typeof v === 'object' && !('type' in v) ? { ...v, type: 'info' } : v),
  userInfoSchema,
);

export const POST = handler({
  schema,
  auth: 'user',
  run: async ({ input, user, ctx }) => {
    if (input.type === 'info') return { ...presentUser(user), pending_email: await pendingEmail(user.id) };
    const { type: _type, ...profile } = input;
    const saved = await updateProfile(user.id, profile, ctx.now);
    const info = { ...presentUser(saved.user), pending_email: await pendingEmail(user.id) };
    // A new login email waits for the link mailed to it: the message says so.
    return new Reply(info, saved.pendingEmail ? 'auth.api.emailChangeSent' : 'api.modified');
  },
});

/** GET only reads: a link or an image on another site must not be able to change the profile. */
export const GET = handler({
  schema: z.object({}),
  auth: 'user',
  run: async ({ user }) => presentUser(user),
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');

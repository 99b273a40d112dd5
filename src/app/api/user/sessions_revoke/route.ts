import { revokeSessionSchema } from '@/contract/account';
import { signOutSessions } from '@/server/accounts/sign-out';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { clearSessionCookie } from '@/server/http/session-cookie';

/** Sign out one session (`id`) or everywhere (`all=1`); signing out this browser clears its cookie. */
export const POST = handler({
  schema: revokeSessionSchema,
  auth: 'user',
  run: async ({ input, user, ctx }) => {
    const result = await signOutSessions({ userId: user.id, target: input, currentToken: ctx.token });
    const headers: Record<string, string> = result.self ? { 'set-cookie': clearSessionCookie() } : {};
    return new Reply(result, 'auth.api.signedOut', headers);
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

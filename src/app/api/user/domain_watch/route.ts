import { watchSchema } from '@/contract/account';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { watchDomain } from '@/server/mail/domain-watch';

/** "Watch this domain" from an injected-code result: mail when it is found injected or repaired. */
export const POST = handler({
  schema: watchSchema,
  auth: 'optional',
  run: async ({ input, user, ctx }) => {
    const result = await watchDomain({
      ...input,
      locale: ctx.locale,
      ip: ctx.ip,
      now: ctx.now,
      verifiedEmail: user?.emailVerifiedAt ? user.email : undefined,
    });
    return new Reply(result, result.confirmed ? 'auth.api.watching' : 'auth.api.watchConfirmSent');
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

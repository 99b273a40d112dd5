import { unsubscribeSchema } from '@/contract/account';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { answerWatch } from '@/server/mail/domain-watch';
import { updatePreferences } from '@/server/mail/preferences';

/** One-click unsubscribe (RFC 8058): mail clients POST to the List-Unsubscribe address of a mail. */
export const POST = handler({
  schema: unsubscribeSchema,
  run: async ({ input, ctx }) => {
    if (input.topic === 'watch') await answerWatch({ key: input.key, action: 'unsubscribe', now: ctx.now });
    else await updatePreferences({ key: input.key, changes: { [input.topic]: false } });
    return new Reply(null, 'auth.api.unsubscribed');
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');

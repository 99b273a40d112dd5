import 'server-only';
import type {
  userDomainWatch,
  userDomainWatchKey,
  userMailOutbox,
  userMailPreferences,
  userMailUnsubscribe,
} from '@/contract/api/account';
import { Reply } from '../http/handler';
import type { Run } from '../http/serve';
import { outboxOverview, retryMail } from './admin';
import { answerWatch, watchDomain } from './domain-watch';
import { updatePreferences } from './preferences';

/** The mail operations of the account area (src/contract/api/account.ts), one function each. */

/** Reads or sets the notification switches, by session or with the key of a mail's link. */
export const mailPreferences: Run<typeof userMailPreferences> = async ({ input, user }) => {
  const { key, ...changes } = input;
  const prefs = await updatePreferences({ userId: user?.id, key: key || undefined, changes });
  const changed = Object.values(changes).some((v) => v !== undefined);
  return changed ? new Reply(prefs, 'auth.api.preferencesSaved') : prefs;
};

/** One-click unsubscribe (RFC 8058): mail clients POST to the List-Unsubscribe address of a mail. */
export const mailUnsubscribe: Run<typeof userMailUnsubscribe> = async ({ input, ctx }) => {
  if (input.topic === 'watch') await answerWatch({ key: input.key, action: 'unsubscribe', now: ctx.now });
  else await updatePreferences({ key: input.key, changes: { [input.topic]: false } });
  return new Reply(null, 'auth.api.unsubscribed');
};

/** Administrators: the mail queue (waiting and failed mail with the error) and "send again". */
export const mailOutbox: Run<typeof userMailOutbox> = async ({ input, ctx }) => {
  if ('id' in input) {
    await retryMail(input.id, ctx.now);
    return new Reply(await outboxOverview(ctx.now), 'auth.api.mailRetried');
  }
  return outboxOverview(ctx.now);
};

/** "Watch this domain" from an injected-code result: mail when it is found injected or repaired. */
export const domainWatch: Run<typeof userDomainWatch> = async ({ input, user, ctx }) => {
  const result = await watchDomain({
    ...input,
    locale: ctx.locale,
    now: ctx.now,
    verifiedEmail: user?.emailVerifiedAt ? user.email : undefined,
  });
  return new Reply(result, result.confirmed ? 'auth.api.watching' : 'auth.api.watchConfirmSent');
};

/** The links of watch mails: confirm the watch, or unsubscribe. */
export const domainWatchKey: Run<typeof userDomainWatchKey> = async ({ input, ctx }) => {
  const result = await answerWatch({ ...input, now: ctx.now });
  return new Reply(result, result.watching ? 'auth.api.watching' : 'auth.api.unsubscribed');
};

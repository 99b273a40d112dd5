import 'server-only';
import { ACCOUNT_LIMITS } from '@/contract/account';
import { hitRateLimit } from '../http/rate-limit';
import type { UserRow } from '../identity/user';
import { accountMail, readerOf } from '../mail/account-mail';
import { queueMail } from '../mail/queue';
import { issueToken } from './tokens';

/**
 * A new login email waits for its owner: the link goes to the new address, and the current address
 * is told (so a stolen session cannot move the account quietly). Limited per account.
 */
export async function requestEmailChange(user: UserRow, newEmail: string, now = new Date()) {
  await hitRateLimit(`email-change:user:${user.id}`, ACCOUNT_LIMITS.emailChangePerAccount, now);
  const token = await issueToken({ userId: user.id, purpose: 'change', email: newEmail, now });
  const reader = readerOf(user);
  await queueMail({
    to: newEmail,
    kind: 'change',
    locale: reader.locale,
    content: accountMail.change(reader, newEmail, token),
  });
  await queueMail({
    to: user.email,
    kind: 'changeNotice',
    locale: reader.locale,
    content: accountMail.changeNotice(reader, newEmail),
  });
}

import 'server-only';
import { countHit, type RateRule } from '../http/rate-limit';
import type { UserRow } from '../identity/user';
import { accountMail, readerOf } from '../mail/account-mail';
import { queueMail } from '../mail/queue';
import { issueToken } from './tokens';
import { findUserByEmail } from './users';

/** The links an account can ask to be mailed, each with its mail: one token purpose, one template. */
const LINKS = {
  reset: { kind: 'reset', content: accountMail.reset, counter: 'forgot' },
  login: { kind: 'loginLink', content: accountMail.loginLink, counter: 'login-link' },
} as const;
export type MailedLink = keyof typeof LINKS;

/** Mails the account a single-use link of this purpose (tokens.ts says how long it works), in its language. */
export async function mailLink(user: UserRow, purpose: MailedLink, now: Date): Promise<void> {
  const token = await issueToken({ userId: user.id, purpose, email: user.email, now });
  const reader = readerOf(user);
  const { kind, content } = LINKS[purpose];
  await queueMail({ to: user.email, kind, locale: reader.locale, content: content(reader, token) });
}

/**
 * A link asked for by address: the answer is the same whether or not an account uses it, and past
 * the per-address limit nothing more is mailed (the answer still does not change).
 */
export async function requestMailedLink(email: string, purpose: MailedLink, rule: RateRule, now: Date) {
  if ((await countHit(`${LINKS[purpose].counter}:address:${email.toLowerCase()}`, rule, now)) > rule.limit)
    return;
  const user = await findUserByEmail(email);
  if (user) await mailLink(user, purpose, now);
}

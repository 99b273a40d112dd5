import 'server-only';
import { eq } from 'drizzle-orm';
import { ACCOUNT_LIMITS } from '@/contract/account';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { accountsChanged, revokeOtherSessions } from '../identity/sessions';
import type { UserRow } from '../identity/user';
import { accountMail, readerOf } from '../mail/account-mail';
import { queueMail } from '../mail/queue';
import { mailLink, requestMailedLink } from './mailed-link';
import { hashPassword } from './password';
import { consumeToken, dropTokens } from './tokens';

/**
 * "Forgot password": mails a single-use link valid 1 h when an account uses the address. The caller
 * answers the same either way; past the per-address limit nothing more is mailed (the answer does
 * not change, so the limit reveals nothing and a mailbox cannot be flooded). That is why this limit
 * is counted here and not declared with the operation: a declared limit refuses with a 429.
 */
export const requestPasswordReset = (email: string, now = new Date()) =>
  requestMailedLink(email, 'reset', ACCOUNT_LIMITS.forgotPerAddress, now);

/** Mails the account a link (one hour, single use) to the reset page, in its language. */
export const mailPasswordLink = (user: UserRow, now: Date) => mailLink(user, 'reset', now);

/**
 * The reset page: a valid link sets the new password and ends every other session of the account
 * (the person resetting logs in afterwards). Following the link also proves the address.
 */
export async function resetPassword(args: {
  token: string;
  password: string;
  sessionToken?: string;
  now?: Date;
}) {
  const now = args.now ?? new Date();
  const passwordHash = await hashPassword(args.password);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    const used = await consumeToken(args.token, ['reset'], now, tx);
    const [row] = await tx.select().from(users).where(eq(users.id, used.userId)).for('update');
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        // The link reached this address, which proves it, unless the account has moved since.
        emailVerifiedAt: row?.emailVerifiedAt ?? (row?.email === used.email ? now : null),
        updatedAt: now,
      })
      .where(eq(users.id, used.userId))
      .returning();
    await revokeOtherSessions(used.userId, args.sessionToken, tx);
    await dropTokens(used.userId, ['reset', 'change', 'login'], tx);
    return updated!;
  });
  await accountsChanged();
  const reader = readerOf(user);
  await queueMail({
    to: user.email,
    kind: 'passwordChanged',
    locale: reader.locale,
    content: accountMail.passwordChanged(reader, now),
  });
  return user;
}

import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { invalid } from '../errors';
import { accountMail, readerOf } from '../mail/account-mail';
import { queueMail } from '../mail/queue';
import type { UserRow } from './present';
import { accountsChanged, revokeOtherSessions } from './sessions';
import { consumeToken, issueToken } from './tokens';

/** Mails a fresh verification link (24 h, single use) to the account's address, in its language. */
export async function sendVerification(user: UserRow, now = new Date()): Promise<void> {
  const token = await issueToken({ userId: user.id, purpose: 'verify', email: user.email, now });
  await queueMail({
    to: user.email,
    kind: 'verify',
    locale: user.locale,
    content: accountMail.verify(readerOf(user), token),
  });
}

/** "Resend" on the account page (limited per account and per address by the operation). */
export async function resendVerification(user: UserRow, now = new Date()) {
  if (user.emailVerifiedAt) throw invalid('auth.api.alreadyVerified');
  await sendVerification(user, now);
  return { email: user.email };
}

/**
 * Follows a link from a verification or email-change mail. A change moves the login to the new
 * address (if nobody took it meanwhile) and ends every other session of the account.
 */
export async function confirmEmailToken(args: { token: string; now: Date; sessionToken?: string }) {
  const db = await getDb();
  const done = await db.transaction(async (tx) => {
    const used = await consumeToken(args.token, ['verify', 'change'], args.now, tx);
    const [user] = await tx.select().from(users).where(eq(users.id, used.userId)).for('update');
    if (!user) throw invalid('auth.api.linkInvalid');
    if (used.purpose === 'verify') {
      // A link to an address the account no longer uses proves nothing about the current one.
      if (user.email.toLowerCase() !== used.email.toLowerCase()) throw invalid('auth.api.linkInvalid');
      const [done] = await tx
        .update(users)
        .set({ emailVerifiedAt: user.emailVerifiedAt ?? args.now })
        .where(eq(users.id, user.id))
        .returning();
      return { purpose: 'verify' as const, user: done! };
    }
    const [moved] = await tx
      .update(users)
      .set({ email: used.email, emailVerifiedAt: args.now, updatedAt: args.now })
      .where(eq(users.id, user.id))
      .returning()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw invalid('api.emailTaken');
        throw error;
      });
    await revokeOtherSessions(user.id, args.sessionToken, tx);
    // consumeToken let only verify and change links through.
    return { purpose: 'change' as const, user: moved! };
  });
  await accountsChanged();
  return done;
}

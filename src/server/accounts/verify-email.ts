import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Db, getDb } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { invalid } from '../errors';
import { accountsChanged, findSessionUser, revokeOtherSessions } from '../identity/sessions';
import { adminAddress, type UserRow } from '../identity/user';
import { accountMail, readerOf } from '../mail/account-mail';
import { queueMail } from '../mail/queue';
import { hashPassword } from './password';
import { mailPasswordLink } from './password-reset';
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
 * address (if nobody took it meanwhile) and ends every other session of the account. `secured`:
 * the address grants administrator rights and the link was followed outside the account's own
 * sessions, so the password was cleared and a link to choose one mailed (`secureAdminAddress`).
 */
export async function confirmEmailToken(args: { token: string; now: Date; sessionToken?: string }) {
  const db = await getDb();
  // Looked up first: the embedded database has one connection, held by the transaction below.
  const clicker = args.sessionToken ? await findSessionUser(args.sessionToken, args.now) : undefined;
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
      return { purpose: 'verify' as const, ...(await secureAdminAddress(tx, done!, clicker?.id)) };
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
    return { purpose: 'change' as const, ...(await secureAdminAddress(tx, moved!, clicker?.id)) };
  });
  await accountsChanged();
  if (done.secured) await mailPasswordLink(done.user, args.now);
  return done;
}

/**
 * ADMIN_EMAILS rights belong to whoever holds the address's mailbox, not to whoever registered it
 * (or moved a login to it) with a password of their own and waits for the owner to follow the
 * link. Followed from one of the account's own sessions, the link proves both; followed from
 * anywhere else, it proves the mailbox only: the account's sessions end and its password is
 * replaced by one nobody knows, and the caller mails the owner a link to choose one.
 */
async function secureAdminAddress(tx: Db, user: UserRow, clickerId: number | undefined) {
  if (user.isAdmin || !adminAddress(user.email) || clickerId === user.id) return { user, secured: false };
  const [cleared] = await tx
    .update(users)
    .set({ passwordHash: await hashPassword(randomBytes(32).toString('base64url')) })
    .where(eq(users.id, user.id))
    .returning();
  await revokeOtherSessions(user.id, undefined, tx);
  return { user: cleared!, secured: true };
}

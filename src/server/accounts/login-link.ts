import 'server-only';
import { eq } from 'drizzle-orm';
import { ACCOUNT_LIMITS } from '@/contract/account';
import { type Db, getDb } from '../db/client';
import { users } from '../db/schema';
import { invalid } from '../errors';
import { createSession, type SessionMeta } from '../identity/sessions';
import { requestMailedLink } from './mailed-link';
import { consumeToken } from './tokens';

/**
 * The owner's way in that guesses cannot block: while many wrong passwords from elsewhere make new
 * devices wait (login-throttle.ts), a link mailed to the account's address logs in once, and the
 * device that follows it becomes a known device. Asking answers the same whether or not an account
 * uses the address; past the per-address limit nothing more is mailed (the answer does not change),
 * and the last link mailed keeps working until the owner may ask again (tokens.ts).
 */
export const requestLoginLink = (email: string, now = new Date()) =>
  requestMailedLink(email, 'login', ACCOUNT_LIMITS.loginLinkPerAddress, now);

/**
 * Follows a login link: once, within its hour, and only while the account still uses the address
 * the link was mailed to. It proves the mailbox but not that the account's creator owns it, so it
 * does not verify the address (an address granting administrator rights must not be handed to
 * whoever registered it with a password of their own).
 */
export async function loginWithLink(args: { token: string; now: Date; meta?: SessionMeta }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const used = await consumeToken(args.token, ['login'], args.now, tx);
    const [user] = await tx.select().from(users).where(eq(users.id, used.userId)).limit(1);
    if (!user || user.email.toLowerCase() !== used.email.toLowerCase()) throw invalid('auth.api.linkInvalid');
    const session = await createSession(user.id, args.now, args.meta, tx as unknown as Db);
    return { user, ...session };
  });
}

import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { invalid } from '../errors';
import { accountsChanged, revokeOtherSessions } from '../identity/sessions';
import type { UserRow } from '../identity/user';
import { accountMail, readerOf } from '../mail/account-mail';
import { queueMail } from '../mail/queue';
import { hashPassword, verifyPassword } from './password';
import { dropTokens } from './tokens';

/**
 * Change password on /user: the current password is required; every other session ends, and open
 * reset or email-change links stop working. The account's address is told.
 */
export async function changePassword(args: {
  user: UserRow;
  current: string;
  password: string;
  sessionToken: string;
  now?: Date;
}) {
  const now = args.now ?? new Date();
  if (!(await verifyPassword(args.user.passwordHash, args.current))) throw invalid('auth.api.wrongPassword');
  const passwordHash = await hashPassword(args.password);
  const db = await getDb();
  const ended = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, args.user.id));
    await dropTokens(args.user.id, ['reset', 'change', 'login'], tx);
    return revokeOtherSessions(args.user.id, args.sessionToken, tx);
  });
  await accountsChanged();
  const reader = readerOf(args.user);
  await queueMail({
    to: args.user.email,
    kind: 'passwordChanged',
    locale: reader.locale,
    content: accountMail.passwordChanged(reader, now),
  });
  return { sessions_ended: ended };
}

import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/contract/locales';
import type { LoginInput } from '@/contract/user';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { invalid } from '../errors';
import { accountsChanged, createSession, type SessionMeta } from '../identity/sessions';
import type { UserRow } from '../identity/user';
import { decoyHash, verifyPassword } from './password';
import { findUserByEmail } from './users';

/**
 * Checks the password and opens a session; one message for unknown email and wrong password.
 * `guard` runs once the account is known and before the password is checked (login-throttle.ts).
 */
export async function loginUser(
  input: LoginInput,
  options: { locale?: Locale; meta?: SessionMeta; guard?: (user: UserRow | undefined) => Promise<void> } = {},
) {
  const user = await findUserByEmail(input.email);
  await options.guard?.(user);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !valid) throw invalid('api.loginFailed');
  // Mail follows the language the account last logged in with.
  if (options.locale && options.locale !== user.locale) {
    const db = await getDb();
    await db.update(users).set({ locale: options.locale }).where(eq(users.id, user.id));
    await accountsChanged();
  }
  const session = await createSession(user.id, new Date(), options.meta);
  return { user, ...session };
}

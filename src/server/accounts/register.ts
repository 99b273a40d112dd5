import 'server-only';
import type { LoginInput } from '@/contract/user';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { invalid } from '../http/errors';
import { hashPassword } from './password';
import { createSession } from './sessions';
import { findUserByEmail } from './users';

/** Creates an account and signs it in. A taken email is a clear business error. */
export async function registerUser(input: LoginInput) {
  if (await findUserByEmail(input.email)) throw invalid('api.emailTaken');
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ email: input.email, passwordHash })
    .onConflictDoNothing()
    .returning();
  if (!user) throw invalid('api.emailTaken'); // lost a race with a concurrent registration
  const session = await createSession(user.id);
  return { user, ...session };
}

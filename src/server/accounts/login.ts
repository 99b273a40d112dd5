import 'server-only';
import type { LoginInput } from '@/contract/user';
import { invalid } from '../http/errors';
import { decoyHash, verifyPassword } from './password';
import { createSession } from './sessions';
import { findUserByEmail } from './users';

/** Checks the password and opens a session; one message for unknown email and wrong password. */
export async function loginUser(input: LoginInput) {
  const user = await findUserByEmail(input.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !valid) throw invalid('api.loginFailed');
  const session = await createSession(user.id);
  return { user, ...session };
}

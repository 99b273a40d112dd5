import { randomUUID } from 'node:crypto';
import { POST as register } from '@/app/api/user/register/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import type { UserInfo } from '@/contract/user';
import { presentUser } from '@/server/accounts/present';
import { findUserByEmail, markEmailVerified } from '@/server/accounts/users';
import { env } from '@/server/config/env';
import { createSession } from '@/server/identity/sessions';
import { callApi, randomIp } from './api';

/** An address no other test (or test run against a shared PostgreSQL database) uses. */
export const uniqueEmail = (prefix = 'dev') => `${prefix}.${randomUUID().slice(0, 12)}@example.com`;

export type Registered = { email: string; password: string; token: string; user: UserInfo; cookie: string };

/**
 * Registers an account through the real API and returns its credentials and a session. Registering
 * does not log in; the session is opened directly, as a login from `ip` would (without checking the
 * password again: the hash costs time, and many tests make many accounts). Its address counts as
 * verified (as if the mailed link was followed) unless `verified: false`, and it has saved a profile
 * (a public developer name, needed to submit) unless `named: false`.
 */
export async function registerUser(
  overrides: { email?: string; password?: string; ip?: string; verified?: boolean; named?: boolean } = {},
): Promise<Registered> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'secret-123';
  const ip = overrides.ip ?? randomIp();
  const created = await callApi(register, { json: { email, password }, ip });
  if (created.code !== 1) throw new Error(`registerUser(${email}) failed: ${created.status} ${created.msg}`);
  const row = await findUserByEmail(email);
  if (!row) throw new Error(`registerUser(${email}) made no account`);
  const { token } = await createSession(row.id, new Date(), { ip });
  const verified = overrides.verified ?? true;
  if (verified) await markEmailVerified(email);
  let user = { ...presentUser(row), email_verified: verified };
  if (overrides.named ?? true) {
    const profile = { name: `Dev ${randomUUID().slice(0, 8)}`, site: 'https://dev.example.com' };
    const saved = await callApi(userInfo, { json: { type: 'update', ...profile, email }, token });
    if (saved.code !== 1) throw new Error(`registerUser(${email}) profile failed: ${saved.msg}`);
    user = { ...user, ...profile };
  }
  return { email, password, token, user, cookie: `${env().PRODUCT}=${token}` };
}

/** A profile update; a new login email needs the current password (registerUser's default). */
export const validProfile = (overrides: Record<string, string> = {}) => ({
  type: 'update',
  name: 'Studio Dev',
  site: 'https://studio.example.com',
  email: uniqueEmail('profile'),
  current: 'secret-123',
  ...overrides,
});

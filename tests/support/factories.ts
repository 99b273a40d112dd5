import { randomUUID } from 'node:crypto';
import { POST as login } from '@/app/api/user/login/route';
import { POST as register } from '@/app/api/user/register/route';
import type { UserInfo } from '@/contract/user';
import { markEmailVerified } from '@/server/accounts/users';
import { callApi, cookiePair, randomIp } from './api';

/** An address no other test (or test run against a shared PostgreSQL database) uses. */
export const uniqueEmail = (prefix = 'dev') => `${prefix}.${randomUUID().slice(0, 12)}@example.com`;

export type Registered = { email: string; password: string; token: string; user: UserInfo; cookie: string };

/**
 * Registers an account through the real API, logs it in (registering does not) and returns its
 * credentials and session. Its address counts as verified (as if the mailed link was followed)
 * unless `verified: false`.
 */
export async function registerUser(
  overrides: { email?: string; password?: string; ip?: string; verified?: boolean } = {},
): Promise<Registered> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'secret-123';
  const ip = overrides.ip ?? randomIp();
  const created = await callApi(register, { json: { email, password }, ip });
  if (created.code !== 1) throw new Error(`registerUser(${email}) failed: ${created.status} ${created.msg}`);
  const res = await callApi<{ token: string; user: UserInfo }>(login, { json: { email, password }, ip });
  if (res.code !== 1) throw new Error(`registerUser(${email}) login failed: ${res.status} ${res.msg}`);
  const verified = overrides.verified ?? true;
  if (verified) await markEmailVerified(email);
  const user = { ...res.info.user, email_verified: verified };
  return { email, password, token: res.info.token, user, cookie: cookiePair(res.response) };
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

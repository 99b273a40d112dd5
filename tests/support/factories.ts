import { randomUUID } from 'node:crypto';
import { POST as register } from '@/app/api/user/register/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import type { UserInfo } from '@/contract/user';
import { markEmailVerified } from '@/server/accounts/users';
import { callApi, cookiePair, randomIp } from './api';

/** An address no other test (or test run against a shared PostgreSQL database) uses. */
export const uniqueEmail = (prefix = 'dev') => `${prefix}.${randomUUID().slice(0, 12)}@example.com`;

export type Registered = { email: string; password: string; token: string; user: UserInfo; cookie: string };

/**
 * Registers an account through the real API and returns its credentials and session. Its address
 * counts as verified (as if the mailed link was followed) unless `verified: false`, and it has saved
 * a profile (a public developer name, needed to submit) unless `named: false`.
 */
export async function registerUser(
  overrides: { email?: string; password?: string; ip?: string; verified?: boolean; named?: boolean } = {},
): Promise<Registered> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'secret-123';
  const res = await callApi<{ token: string; user: UserInfo }>(register, {
    json: { email, password },
    ip: overrides.ip ?? randomIp(),
  });
  if (res.code !== 1) throw new Error(`registerUser(${email}) failed: ${res.status} ${res.msg}`);
  const verified = overrides.verified ?? true;
  if (verified) await markEmailVerified(email);
  let user = { ...res.info.user, email_verified: verified };
  if (overrides.named ?? true) {
    const profile = { name: `Dev ${randomUUID().slice(0, 8)}`, site: 'https://dev.example.com' };
    const saved = await callApi(userInfo, {
      json: { type: 'update', ...profile, email },
      token: res.info.token,
    });
    if (saved.code !== 1) throw new Error(`registerUser(${email}) profile failed: ${saved.msg}`);
    user = { ...user, ...profile };
  }
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

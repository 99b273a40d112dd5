import { randomUUID } from 'node:crypto';
import { POST as register } from '@/app/api/user/register/route';
import type { UserInfo } from '@/contract/user';
import { callApi, cookiePair, randomIp } from './api';

/** An address no other test (or test run against a shared PostgreSQL database) uses. */
export const uniqueEmail = (prefix = 'dev') => `${prefix}.${randomUUID().slice(0, 12)}@example.com`;

export type Registered = { email: string; password: string; token: string; user: UserInfo; cookie: string };

/** Registers an account through the real API and returns its credentials and session. */
export async function registerUser(
  overrides: { email?: string; password?: string; ip?: string } = {},
): Promise<Registered> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'secret-123';
  const res = await callApi<{ token: string; user: UserInfo }>(register, {
    json: { email, password },
    ip: overrides.ip ?? randomIp(),
  });
  if (res.code !== 1) throw new Error(`registerUser(${email}) failed: ${res.status} ${res.msg}`);
  return { email, password, token: res.info.token, user: res.info.user, cookie: cookiePair(res.response) };
}

export const validProfile = (overrides: Record<string, string> = {}) => ({
  type: 'update',
  name: 'Studio Dev',
  site: 'https://studio.example.com',
  email: uniqueEmail('profile'),
  ...overrides,
});

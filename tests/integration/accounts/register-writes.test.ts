import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as register } from '@/app/api/user/register/route';
import { cleanAccounts } from '@/server/accounts/maintenance-job';
import { getDb } from '@/server/db/client';
import { sessions, users } from '@/server/db/schema';
import { callApi } from '../../support/api';
import { registerUser, uniqueEmail } from '../../support/factories';
import { logged } from '../../support/logs';

const fail = vi.hoisted(() => ({ mail: false }));
vi.mock('@/server/accounts/verify-email', async (original) => {
  const real = await original<typeof import('@/server/accounts/verify-email')>();
  return {
    ...real,
    sendVerification: async (...args: Parameters<typeof real.sendVerification>) => {
      if (fail.mail) throw new Error('mail queue down');
      return real.sendVerification(...args);
    },
  };
});
const account = async (email: string) =>
  (await (await getDb()).select().from(users).where(eq(users.email, email)))[0];

describe('registration writes the account, whatever the mail does', () => {
  it('keeps the account when the verification mail cannot be queued', async () => {
    fail.mail = true;
    const email = uniqueEmail();
    const res = await callApi(register, { json: { email, password: 'secret-123' } });
    fail.mail = false;
    expect(res.code).toBe(1);
    expect(await account(email)).toBeDefined();
    expect(logged('verification mail not queued')).toHaveLength(1);
    // The account page offers "Resend the link"; the password logs in meanwhile.
    expect((await callApi(login, { json: { email, password: 'secret-123' } })).code).toBe(1);
  });

  it('sweeps expired sessions in its own job, not on a user request', async () => {
    const user = await registerUser();
    const db = await getDb();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.user.user_id));
    const { sessions: swept } = await cleanAccounts(new Date());
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.user.user_id))).toEqual([]);
  });
});

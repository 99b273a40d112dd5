import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as register } from '@/app/api/user/register/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import type { UserInfo } from '@/contract/user';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { callApi } from '../support/api';
import { registerUser, uniqueEmail } from '../support/factories';

type Session = { token: string; user: UserInfo };

describe('login', () => {
  it('signs in with the right password and gives a working token and cookie', async () => {
    const account = await registerUser({ password: 'right-pass' });
    const res = await callApi<Session>(login, {
      json: { email: account.email, password: 'right-pass' },
      lang: 'en-us',
    });
    expect(res).toMatchObject({ status: 200, code: 1, msg: 'Logged in successfully' });
    expect(res.info.token).not.toBe(account.token);
    expect(res.response.headers.get('set-cookie')).toMatch(/^maccms=.+HttpOnly.+SameSite=Lax/);
    const me = await callApi<UserInfo>(userInfo, { token: res.info.token });
    expect(me.info.email).toBe(account.email);
  });

  it('accepts the email in another letter case', async () => {
    const account = await registerUser();
    const res = await callApi(login, {
      json: { email: account.email.toUpperCase(), password: account.password },
    });
    expect(res.code).toBe(1);
  });

  it('refuses a wrong password with HTTP 200, code 0 and no token or cookie', async () => {
    const account = await registerUser();
    const res = await callApi(login, {
      json: { email: account.email, password: 'wrong-pass' },
      lang: 'en-us',
    });
    expect(res).toMatchObject({ status: 200, code: 0, msg: 'Wrong email or password', info: null });
    expect(res.response.headers.get('set-cookie')).toBeNull();
  });

  it('gives an unknown email the same message as a wrong password', async () => {
    const account = await registerUser();
    for (const lang of ['zh-cn', 'zh-tw', 'en-us']) {
      const wrong = await callApi(login, { json: { email: account.email, password: 'nope-nope' }, lang });
      const unknown = await callApi(login, {
        json: { email: uniqueEmail('ghost'), password: 'nope-nope' },
        lang,
      });
      expect(unknown.msg).toBe(wrong.msg);
      expect(unknown.code).toBe(0);
    }
  });
});

describe('registering a taken email', () => {
  it('is refused with a clear message, whatever the letter case, and creates no second account', async () => {
    const account = await registerUser({ password: 'first-pass' });
    const res = await callApi(register, {
      json: { email: account.email.toUpperCase(), password: 'second-pass' },
      lang: 'en-us',
    });
    expect(res).toMatchObject({ status: 200, code: 0 });
    expect(res.msg).toBe('This email is already registered: log in, or use another email');

    const db = await getDb();
    const rows = await db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.email}) = ${account.email.toLowerCase()}`);
    expect(rows[0]?.n).toBe(1);

    const second = await callApi(login, { json: { email: account.email, password: 'second-pass' } });
    expect(second.code).toBe(0);
    const first = await callApi(login, { json: { email: account.email, password: 'first-pass' } });
    expect(first.code).toBe(1);
  });
});

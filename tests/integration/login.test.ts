import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as register } from '@/app/api/user/register/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import { ACCOUNT_LIMITS } from '@/contract/account';
import type { UserInfo } from '@/contract/user';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { callApi } from '../support/api';
import { registerUser, uniqueEmail } from '../support/factories';
import { queuedFor } from '../support/mail';

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
  it('answers as for a new address, whatever the letter case, mails the owner instead and changes nothing', async () => {
    const account = await registerUser({ password: 'first-pass' });
    const fresh = uniqueEmail('fresh');
    const shape = (r: Awaited<ReturnType<typeof callApi>>) => ({
      status: r.status,
      code: r.code,
      msg: r.msg,
      info: r.info,
      cookie: r.response.headers.get('set-cookie'),
    });
    const taken = await callApi(register, {
      json: { email: account.email.toUpperCase(), password: 'second-pass' },
      lang: 'en-us',
    });
    const created = await callApi(register, {
      json: { email: fresh, password: 'second-pass' },
      lang: 'en-us',
    });
    expect(shape(taken)).toEqual(shape(created));
    expect(taken).toMatchObject({ status: 200, code: 1 });

    // The owner hears of it; the new address gets its verification link.
    const [notice] = await queuedFor(account.email, 'registerTaken');
    expect(notice?.subject).toBe('有人用你的邮箱在 MacCMS Pro 注册');
    expect(notice?.text).toContain(account.email);
    expect(await queuedFor(fresh, 'verify')).toHaveLength(1);
    expect(await queuedFor(fresh, 'registerTaken')).toHaveLength(0);

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

  it('tells the owner at most a few times an hour, answering every request the same', async () => {
    const account = await registerUser();
    const answers = new Set<string>();
    for (let i = 0; i < ACCOUNT_LIMITS.registerNoticePerAddress.limit + 2; i++) {
      const res = await callApi(register, { json: { email: account.email, password: 'other-pass-1' } });
      answers.add(`${res.status}|${res.code}|${res.msg}`);
    }
    expect(answers.size).toBe(1);
    expect(await queuedFor(account.email, 'registerTaken')).toHaveLength(
      ACCOUNT_LIMITS.registerNoticePerAddress.limit,
    );
  });
});

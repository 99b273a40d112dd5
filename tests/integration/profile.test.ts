import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import type { UserInfo } from '@/contract/user';
import { callApi } from '../support/api';
import { registerUser, uniqueEmail, validProfile } from '../support/factories';

describe('profile update', () => {
  it('saves the developer profile and answers "Modified successfully"', async () => {
    const account = await registerUser();
    const profile = validProfile({ email: account.email, qq: '123456', wechat: 'studio_dev' });
    const res = await callApi<UserInfo>(userInfo, { json: profile, token: account.token, lang: 'en-us' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: 'Modified successfully' });
    expect(res.info).toMatchObject({
      name: 'Studio Dev',
      site: 'https://studio.example.com',
      email: account.email,
      qq: '123456',
      wechat: 'studio_dev',
    });

    const read = await callApi<UserInfo>(userInfo, { json: { type: 'info' }, token: account.token });
    expect(read.info.name).toBe('Studio Dev');
    expect(read.info.qq).toBe('123456');
  });

  it('answers in Chinese by default', async () => {
    const account = await registerUser();
    const res = await callApi(userInfo, {
      json: validProfile({ email: account.email }),
      token: account.token,
    });
    expect(res.msg).toBe('修改成功');
  });

  it('keeps the login on the old email until the new one is confirmed (tests/integration/accounts)', async () => {
    const account = await registerUser();
    const email = uniqueEmail('moved');
    const res = await callApi<UserInfo>(userInfo, { json: validProfile({ email }), token: account.token });
    expect(res.info).toMatchObject({ email: account.email, pending_email: email, name: 'Studio Dev' });
    const byNew = await callApi(login, { json: { email, password: account.password } });
    expect(byNew.code).toBe(0);
    const byOld = await callApi(login, { json: { email: account.email, password: account.password } });
    expect(byOld.code).toBe(1);
  });

  it('refuses an email that belongs to another user, in any letter case, and keeps the profile', async () => {
    const other = await registerUser();
    const account = await registerUser();
    const res = await callApi(userInfo, {
      json: validProfile({ email: other.email.toUpperCase(), name: 'Thief' }),
      token: account.token,
      lang: 'en-us',
    });
    expect(res).toMatchObject({ status: 200, code: 0 });
    expect(res.msg).toBe('This email is already registered: log in, or use another email');
    const read = await callApi<UserInfo>(userInfo, { token: account.token });
    expect(read.info.email).toBe(account.email);
    expect(read.info.name).not.toBe('Thief');
  });

  it('needs a session', async () => {
    const res = await callApi(userInfo, { json: validProfile() });
    expect(res.status).toBe(401);
  });
});

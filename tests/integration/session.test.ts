import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as logout } from '@/app/api/user/logout/route';
import { POST as register } from '@/app/api/user/register/route';
import { POST as userInfo, GET as userInfoGet } from '@/app/api/user/user_info/route';
import type { UserInfo } from '@/contract/user';
import { onPublicChange } from '@/server/cache/change-bus';
import { createSession } from '@/server/identity/sessions';
import { callApi, cookiePair } from '../support/api';
import { registerUser, uniqueEmail } from '../support/factories';

describe('login opens a session', () => {
  it('answers a token and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const email = uniqueEmail();
    await callApi(register, { json: { email, password: 'calm-river-42' } });
    const res = await callApi<{ token: string; user: UserInfo }>(login, {
      json: { email, password: 'calm-river-42' },
      lang: 'en-us',
    });
    expect(res.status).toBe(200);
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Logged in successfully');
    expect(res.info.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(res.info.user.email).toBe(email);
    expect(JSON.stringify(res.info)).not.toMatch(/password/i);

    const cookie = res.response.headers.get('set-cookie') ?? '';
    expect(cookie.startsWith(`maccms=${res.info.token};`)).toBe(true);
    expect(cookie).toMatch(/;\s*HttpOnly/);
    expect(cookie).toMatch(/;\s*SameSite=Lax/);
    expect(cookie).toMatch(/;\s*Path=\//);
  });

  it('lets user_info find the caller by the token header', async () => {
    const account = await registerUser();
    const res = await callApi<UserInfo>(userInfo, { json: { type: 'info' }, token: account.token });
    expect(res.code).toBe(1);
    expect(res.info.email).toBe(account.email);
    expect(res.info.user_id).toBe(account.user.user_id);
  });

  it('lets user_info find the caller by the session cookie alone', async () => {
    const account = await registerUser();
    const res = await callApi<UserInfo>(userInfo, { cookie: account.cookie });
    expect(res.code).toBe(1);
    expect(res.info.email).toBe(account.email);
  });

  it('answers user_info over GET too', async () => {
    const account = await registerUser();
    const res = await callApi<UserInfo>(userInfoGet, { method: 'GET', cookie: account.cookie });
    expect(res.code).toBe(1);
    expect(res.info.email).toBe(account.email);
    expect(res.info).toHaveProperty('pending_email');
  });
});

describe('a call without a valid session', () => {
  it('answers 401 with a login prompt when no token is sent', async () => {
    const res = await callApi(userInfo, { json: { type: 'info' }, lang: 'en-us' });
    expect(res.status).toBe(401);
    expect(res).toMatchObject({ code: 0, msg: 'Please login first', info: null });
  });

  it('answers 401 for a garbage token', async () => {
    const res = await callApi(userInfo, { token: 'not-a-real-token', lang: 'zh-tw' });
    expect(res.status).toBe(401);
    expect(res.msg).toBe('請先登入');
  });

  it('answers 401 for an expired session', async () => {
    const account = await registerUser();
    const longAgo = new Date(Date.now() - 400 * 86_400_000);
    const { token } = await createSession(account.user.user_id, longAgo);
    const res = await callApi(userInfo, { token });
    expect(res.status).toBe(401);
    expect(res.msg).toBe('请先登录');
  });

  it('does not take a token from the payload as identity', async () => {
    const account = await registerUser();
    const res = await callApi(userInfo, { json: { type: 'info', token: account.token } });
    expect(res.status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the token and clears the cookie', async () => {
    const account = await registerUser();
    const out = await callApi(logout, { token: account.token, lang: 'en-us' });
    expect(out).toMatchObject({ status: 200, code: 1, msg: 'Logged out' });
    expect(cookiePair(out.response)).toBe('maccms=');
    expect(out.response.headers.get('set-cookie')).toMatch(/Max-Age=0/);

    const after = await callApi(userInfo, { token: account.token });
    expect(after.status).toBe(401);
    const byCookie = await callApi(userInfo, { cookie: account.cookie });
    expect(byCookie.status).toBe(401);
  });

  it('tells the nodes only when a session ended: a made-up token cannot make them all forget theirs', async () => {
    const told: (readonly string[])[] = [];
    const stop = onPublicChange((tags) => told.push(tags));
    for (let i = 0; i < 3; i++) expect((await callApi(logout, { token: `made-up-${i}` })).status).toBe(200);
    expect(told.filter((tags) => tags.includes('accounts'))).toHaveLength(0);
    const account = await registerUser();
    told.length = 0;
    await callApi(logout, { token: account.token });
    expect(told.filter((tags) => tags.includes('accounts'))).toHaveLength(1);
    stop();
  });

  it('leaves the other sessions of the same user working', async () => {
    const account = await registerUser();
    const { token: other } = await createSession(account.user.user_id);
    await callApi(logout, { token: account.token });
    const res = await callApi(userInfo, { token: other });
    expect(res.code).toBe(1);
  });
});

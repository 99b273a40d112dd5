import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as sessions } from '@/app/api/user/sessions/route';
import { POST as revoke } from '@/app/api/user/sessions_revoke/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import type { SessionInfo } from '@/contract/account';
import { applyPublicChange } from '@/server/cache/change-bus';
import { getDb } from '@/server/db/client';
import { sessions as sessionRows } from '@/server/db/schema';
import { callApi } from '../../support/api';
import { registerUser } from '../../support/factories';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0';

const signIn = async (email: string, password: string, ua: string, ip: string) =>
  (await callApi<{ token: string }>(login, { json: { email, password }, headers: { 'user-agent': ua }, ip }))
    .info.token;

describe('active sessions', () => {
  it('lists each session with its device, address and last activity, marking this one', async () => {
    const account = await registerUser();
    const phone = await signIn(account.email, account.password, PHONE, '10.1.2.3');
    await signIn(account.email, account.password, DESKTOP, '10.4.5.6');
    const res = await callApi<{ list: SessionInfo[] }>(sessions, { token: phone });
    expect(res.info.list).toHaveLength(3);
    const mine = res.info.list.find((s) => s.current);
    expect(mine).toMatchObject({ device: 'Safari · iOS', ip: '10.1.2.3' });
    expect(res.info.list.find((s) => s.ip === '10.4.5.6')?.device).toBe('Edge · Windows');
    expect(mine?.last_seen).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(JSON.stringify(res.info)).not.toMatch(/token/i);
  });

  it('signs out one session, but never another user’s', async () => {
    const account = await registerUser();
    const stranger = await registerUser();
    const other = await signIn(account.email, account.password, PHONE, '10.9.9.9');
    const list = (await callApi<{ list: SessionInfo[] }>(sessions, { token: account.token })).info.list;
    const target = list.find((s) => !s.current)!;

    const foreign = await callApi(revoke, { json: { id: target.id }, token: stranger.token, lang: 'en-us' });
    expect(foreign).toMatchObject({ code: 0, msg: 'This session no longer exists' });
    expect((await callApi(userInfo, { token: other })).code).toBe(1);

    const ok = await callApi(revoke, { json: { id: target.id }, token: account.token });
    expect(ok.code).toBe(1);
    expect(ok.response.headers.get('set-cookie')).toBeNull();
    expect((await callApi(userInfo, { token: other })).status).toBe(401);
    expect((await callApi(userInfo, { token: account.token })).code).toBe(1);
  });

  it('signs out every other session and keeps this one signed in', async () => {
    const account = await registerUser();
    const other = await signIn(account.email, account.password, PHONE, '10.9.9.8');
    const third = await signIn(account.email, account.password, DESKTOP, '10.9.9.6');
    const res = await callApi(revoke, { json: { all: 1 }, cookie: account.cookie });
    expect(res).toMatchObject({ code: 1, info: { ended: 2, self: false } });
    expect(res.response.headers.get('set-cookie')).toBeNull();
    expect((await callApi(userInfo, { token: other })).status).toBe(401);
    expect((await callApi(userInfo, { token: third })).status).toBe(401);
    expect((await callApi(userInfo, { token: account.token })).code).toBe(1);
    const left = await callApi<{ list: SessionInfo[] }>(sessions, { token: account.token });
    expect(left.info.list.map((s) => s.current)).toEqual([true]);
  });

  it('refuses a bad id with a clear message', async () => {
    const account = await registerUser();
    const res = await callApi(revoke, { json: { id: 'abc' }, token: account.token, lang: 'en-us' });
    expect(res.code).toBe(0);
    expect(res.status).toBe(200);
  });

  it('ends a session here as soon as another node announces it signed it out', async () => {
    const account = await registerUser();
    expect((await callApi(userInfo, { token: account.token })).code).toBe(1);
    // Another node deletes the row in the shared database, then its notice arrives.
    const db = await getDb();
    await db.delete(sessionRows).where(eq(sessionRows.userId, account.user.user_id));
    applyPublicChange(['accounts']);
    expect((await callApi(userInfo, { token: account.token })).status).toBe(401);
  });

  it('ends a session at once on the node that signs it out, right after a page read it', async () => {
    const account = await registerUser();
    const other = await signIn(account.email, account.password, PHONE, '10.9.9.7');
    expect((await callApi(userInfo, { token: other })).code).toBe(1);
    await callApi(revoke, { json: { all: 1 }, token: account.token });
    expect((await callApi(userInfo, { token: other })).status).toBe(401);
  });
});

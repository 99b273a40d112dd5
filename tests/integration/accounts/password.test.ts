import { afterAll, describe, expect, it, vi } from 'vitest';
import { POST as changePassword } from '@/app/api/user/change_password/route';
import { POST as forgot } from '@/app/api/user/forgot_password/route';
import { POST as login } from '@/app/api/user/login/route';
import { POST as resetPassword } from '@/app/api/user/reset_password/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import { issueToken } from '@/server/accounts/tokens';
import { callApi, randomIp } from '../../support/api';
import { registerUser, uniqueEmail } from '../../support/factories';
import { deliverMail, linkParam } from '../../support/mail';

const smtp = await vi.hoisted(async () => {
  const { smtpEnvironment } = await import('./smtp-env');
  return smtpEnvironment();
});
afterAll(() => smtp.close());

const loginAs = (email: string, password: string) => callApi(login, { json: { email, password } });
const resetLinkOf = async (email: string) => {
  await deliverMail();
  const mail = smtp.to(email).findLast((m) => m.links.some((l) => l.includes('/user/reset?token=')));
  return linkParam(mail!.links.find((l) => l.includes('/user/reset'))!);
};

describe('forgot password', () => {
  it('answers the same for an unknown address and mails only a real account', async () => {
    const account = await registerUser();
    const known = await callApi(forgot, { json: { email: account.email }, lang: 'en-us' });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await callApi(forgot, { json: { email: unknownEmail }, lang: 'en-us' });
    const shape = (r: typeof known) => ({ status: r.status, code: r.code, msg: r.msg, info: r.info });
    expect(shape(unknown)).toEqual(shape(known));
    expect(known.msg).toBe(
      'If an account uses this address, a link to reset its password is on its way. It works once, for 1 hour.',
    );
    await deliverMail();
    expect(smtp.to(unknownEmail)).toHaveLength(0);
    const [mail] = smtp
      .to(account.email)
      .filter((m) => m.subject === 'Reset your MacCMS Pro password' || m.subject.includes('重置'));
    expect(mail?.links[0]).toMatch(/^https:\/\/portal\.test\/user\/reset\?token=[\w-]{43}$/);
  });

  it('the link sets a new password once and ends every session; the old password stops working', async () => {
    const account = await registerUser();
    const elsewhere = await loginAs(account.email, account.password);
    expect(elsewhere.code).toBe(1);
    await callApi(forgot, { json: { email: account.email } });
    const code = await resetLinkOf(account.email);

    const done = await callApi(resetPassword, { json: { code, password: 'brand-new-1' }, lang: 'en-us' });
    expect(done).toMatchObject({ code: 1, msg: expect.stringContaining('Log in with the new password') });
    expect((await loginAs(account.email, account.password)).code).toBe(0);
    expect((await loginAs(account.email, 'brand-new-1')).code).toBe(1);
    expect((await callApi(userInfo, { token: account.token })).status).toBe(401);
    expect((await callApi(userInfo, { token: (elsewhere.info as { token: string }).token })).status).toBe(
      401,
    );

    const again = await callApi(resetPassword, { json: { code, password: 'another-1' }, lang: 'en-us' });
    expect(again.msg).toBe('This link has already been used. Request a new one if you still need it.');
    expect((await loginAs(account.email, 'brand-new-1')).code).toBe(1);

    await deliverMail();
    expect(smtp.to(account.email).at(-1)?.subject).toBe('你在 MacCMS Pro 的密码已修改');
  });

  it('refuses an expired or altered link and keeps the password', async () => {
    const account = await registerUser();
    const old = await issueToken({
      userId: account.user.user_id,
      purpose: 'reset',
      email: account.email,
      now: new Date(Date.now() - 61 * 60_000),
    });
    const expired = await callApi(resetPassword, {
      json: { code: old, password: 'brand-new-1' },
      lang: 'en-us',
    });
    expect(expired.msg).toBe('This link has expired. Request a new one.');
    const altered = await callApi(resetPassword, {
      // One character changed (a token that starts with A would stay itself under `A…`).
      json: { code: `${old[0] === 'A' ? 'B' : 'A'}${old.slice(1)}`, password: 'brand-new-1' },
      lang: 'en-us',
    });
    expect(altered.msg).toBe('This link is not valid. Request a new one.');
    expect((await loginAs(account.email, account.password)).code).toBe(1);
  });

  it('a verification link cannot reset a password', async () => {
    const account = await registerUser({ verified: false });
    await deliverMail();
    const code = linkParam(smtp.to(account.email)[0]!.links[0]!);
    const res = await callApi(resetPassword, { json: { code, password: 'brand-new-1' }, lang: 'en-us' });
    expect(res.msg).toBe('This link is not valid. Request a new one.');
  });

  it('a flood for one address mails at most three links, and answers every request the same', async () => {
    const account = await registerUser();
    const resets = () => smtp.to(account.email).filter((m) => m.links[0]?.includes('/user/reset')).length;
    const before = resets();
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await callApi(forgot, { json: { email: account.email }, ip: randomIp() });
      answers.add(`${res.status}|${res.code}|${res.msg}`);
    }
    expect(answers.size).toBe(1);
    await deliverMail();
    expect(resets() - before).toBe(3);
  });

  it('one address asking for many accounts is slowed down with 429, whatever the accounts', async () => {
    const ip = randomIp();
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await callApi(forgot, { json: { email: uniqueEmail('flood') }, ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('refuses malformed input with a translated message', async () => {
    const res = await callApi(forgot, { json: { email: 'not-an-address' }, lang: 'en-us' });
    expect(res).toMatchObject({ code: 0, msg: 'Please enter the correct email address' });
    const weak = await callApi(resetPassword, {
      json: { code: 'x'.repeat(43), password: 'a' },
      lang: 'en-us',
    });
    expect(weak.msg).toBe('The password must be 8 to 20 characters');
    const short = await callApi(resetPassword, {
      json: { code: 'x'.repeat(43), password: 'abc-123' },
      lang: 'en-us',
    });
    expect(short.msg).toBe('The password must be 8 to 20 characters');
    const common = await callApi(resetPassword, {
      json: { code: 'x'.repeat(43), password: 'Password123' },
      lang: 'en-us',
    });
    expect(common.msg).toBe('This password is among the most used ones; choose another');
  });
});

describe('change password', () => {
  it('needs the current password', async () => {
    const account = await registerUser();
    const res = await callApi(changePassword, {
      json: { current: 'wrong-one', password: 'brand-new-1' },
      token: account.token,
      lang: 'en-us',
    });
    expect(res).toMatchObject({ code: 0, msg: 'The current password is not correct' });
    expect((await loginAs(account.email, account.password)).code).toBe(1);
  });

  it('keeps this session, ends the others, cancels an open reset link and tells the address', async () => {
    const account = await registerUser();
    const other = (await loginAs(account.email, account.password)).info as { token: string };
    await callApi(forgot, { json: { email: account.email } });
    const code = await resetLinkOf(account.email);

    const res = await callApi(changePassword, {
      json: { current: account.password, password: 'brand-new-1' },
      token: account.token,
      lang: 'en-us',
    });
    expect(res).toMatchObject({
      code: 1,
      msg: 'Password changed; every other session was signed out',
      info: { sessions_ended: 1 },
    });
    expect((await callApi(userInfo, { token: account.token })).code).toBe(1);
    expect((await callApi(userInfo, { token: other.token })).status).toBe(401);
    expect((await callApi(resetPassword, { json: { code, password: 'sneaky-1' } })).code).toBe(0);
    expect((await loginAs(account.email, 'brand-new-1')).code).toBe(1);
    await deliverMail();
    expect(smtp.to(account.email).at(-1)?.text).toContain('其他所有会话均已退出登录');
  });

  it('needs a session', async () => {
    const res = await callApi(changePassword, {
      json: { current: 'old-pass-123', password: 'new-pass-456' },
    });
    expect(res.status).toBe(401);
  });
});

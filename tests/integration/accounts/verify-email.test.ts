import { afterAll, describe, expect, it, vi } from 'vitest';
import { POST as vodAdd } from '@/app/api/resource/vod_add/route';
import { POST as login } from '@/app/api/user/login/route';
import { POST as register } from '@/app/api/user/register/route';
import { POST as resend } from '@/app/api/user/resend_verification/route';
import { POST as resetPassword } from '@/app/api/user/reset_password/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import { POST as verifyEmail } from '@/app/api/user/verify_email/route';
import type { UserInfo } from '@/contract/user';
import { issueToken } from '@/server/accounts/tokens';
import { callApi } from '../../support/api';
import { registerUser, uniqueEmail, validProfile } from '../../support/factories';
import { deliverMail, linkParam } from '../../support/mail';
import { submitPlugin } from '../market/support';
import { validStation } from '../resource/helpers';

const smtp = await vi.hoisted(async () => {
  const { smtpEnvironment } = await import('./smtp-env');
  return smtpEnvironment(['boss@portal-admins.test', 'chief@portal-admins.test', 'lead@portal-admins.test']);
});
afterAll(() => smtp.close());

const loginAs = (email: string, password: string) =>
  callApi<{ user: UserInfo }>(login, { json: { email, password } });

const linkOf = async (to: string, index = -1) => {
  await deliverMail();
  const mail = smtp.to(to).at(index);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail.links[0]!;
};

describe('registering', () => {
  it('mails a verification link in the language of the request; the password then logs in', async () => {
    const email = uniqueEmail('verify');
    const res = await callApi(register, { json: { email, password: 'secret-1' }, lang: 'en-us' });
    expect(res).toMatchObject({ code: 1, info: null });
    expect(res.response.headers.get('set-cookie')).toBeNull();
    expect((await loginAs(email, 'secret-1')).info.user).toMatchObject({ email, email_verified: false });
    await deliverMail();
    const [mail] = smtp.to(email);
    expect(mail?.subject).toBe('Confirm your email address for MacCMS Pro');
    expect(mail?.text).toContain('Confirm my email:\nhttps://portal.test/en-us/user/verify?token=');
    expect(mail?.html).toContain('<a href="https://portal.test/en-us/user/verify?token=');
    expect(mail?.mail.from?.value).toEqual([{ name: 'MacCMS Pro', address: 'noreply@portal.test' }]);
  });

  it.each([
    ['zh-cn', '请验证你在 MacCMS Pro 的邮箱', 'https://portal.test/user/verify?token='],
    ['zh-tw', '請驗證你在 MacCMS Pro 的郵箱', 'https://portal.test/zh-tw/user/verify?token='],
  ])('writes the mail in %s', async (lang, subject, link) => {
    const email = uniqueEmail('lang');
    await callApi(register, { json: { email, password: 'secret-1' }, lang });
    expect(await linkOf(email)).toContain(link);
    expect(smtp.to(email)[0]?.subject).toBe(subject);
  });
});

describe('the verification link', () => {
  it('verifies once; a second use, an altered token and an expired one are refused with a reason', async () => {
    const account = await registerUser({ verified: false });
    const link = await linkOf(account.email);
    console.log('LINK', link, smtp.to(account.email).length);
    const token = linkParam(link);

    const tampered = await callApi(verifyEmail, { json: { code: `${token.slice(0, -2)}xx` }, lang: 'en-us' });
    expect(tampered).toMatchObject({ code: 0, msg: 'This link is not valid. Request a new one.' });

    const ok = await callApi<{ user: UserInfo }>(verifyEmail, { json: { code: token }, lang: 'en-us' });
    expect(ok).toMatchObject({ code: 1, msg: 'Your email address is verified' });
    const me = await callApi<UserInfo>(userInfo, { token: account.token });
    expect(me.info.email_verified).toBe(true);

    const again = await callApi(verifyEmail, { json: { code: token }, lang: 'en-us' });
    expect(again.msg).toBe('This link has already been used. Request a new one if you still need it.');

    const other = await registerUser({ verified: false });
    const old = await issueToken({
      userId: other.user.user_id,
      purpose: 'verify',
      email: other.email,
      now: new Date(Date.now() - 25 * 3600_000),
    });
    const expired = await callApi(verifyEmail, { json: { code: old }, lang: 'en-us' });
    expect(expired).toMatchObject({ code: 0, msg: 'This link has expired. Request a new one.' });
    expect((await callApi<UserInfo>(userInfo, { token: other.token })).info.email_verified).toBe(false);
  });

  it('refuses an empty or malformed token with a translated message, not a crash', async () => {
    for (const token of ['', 'x', '<script>', 'a'.repeat(5000)]) {
      const res = await callApi(verifyEmail, { json: { code: token }, lang: 'en-us' });
      expect(res.status).toBe(200);
      expect(res.code).toBe(0);
      expect(res.msg).toMatch(/link/i);
    }
  });

  it('only the newest link works after a resend', async () => {
    const account = await registerUser({ verified: false });
    const first = linkParam(await linkOf(account.email));
    const res = await callApi(resend, { token: account.token, lang: 'en-us' });
    expect(res.msg).toBe('We sent a new verification link: check your inbox');
    const second = linkParam(await linkOf(account.email));
    expect(second).not.toBe(first);
    expect((await callApi(verifyEmail, { json: { code: first } })).code).toBe(0);
    expect((await callApi(verifyEmail, { json: { code: second } })).code).toBe(1);
  });
});

describe('until the address is verified', () => {
  it('the user edits the profile but cannot submit to the market or register a station', async () => {
    const dev = await registerUser({ verified: false });
    const saved = await callApi(userInfo, { json: validProfile({ email: dev.email }), token: dev.token });
    expect(saved.code).toBe(1);

    await expect(submitPlugin(dev.token)).rejects.toThrow(
      'Please verify your email address first: follow the link we mailed to you, or resend it from My account.',
    );
    const station = await callApi(vodAdd, {
      json: validStation('http://127.0.0.1:9/api.php/provide/vod'),
      token: dev.token,
      lang: 'en-us',
    });
    expect(station.msg).toMatch(/verify your email address first/);

    await callApi(verifyEmail, { json: { code: linkParam(await linkOf(dev.email)) } });
    await expect(submitPlugin(dev.token)).resolves.toMatchObject({ id: expect.any(Number) });
  });

  it('resending is limited per account', async () => {
    const dev = await registerUser({ verified: false });
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await callApi(resend, { token: dev.token, lang: 'en-us' })).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('a verified account is told there is nothing to resend', async () => {
    const dev = await registerUser();
    const res = await callApi(resend, { token: dev.token, lang: 'en-us' });
    expect(res).toMatchObject({ code: 0, msg: 'Your email address is already verified' });
  });
});

describe('ADMIN_EMAILS', () => {
  it('makes the account an administrator when its link is followed in its own session', async () => {
    await callApi(register, { json: { email: 'boss@portal-admins.test', password: 'secret-1' } });
    const owner = await callApi<{ token: string; user: UserInfo }>(login, {
      json: { email: 'boss@portal-admins.test', password: 'secret-1' },
    });
    expect(owner.info.user.is_admin).toBe(false);
    const token = owner.info.token;
    expect((await callApi<UserInfo>(userInfo, { token })).info.is_admin).toBe(false);

    const link = await linkOf('boss@portal-admins.test');
    const followed = await callApi(verifyEmail, { json: { code: linkParam(link) }, token, lang: 'en-us' });
    expect(followed.msg).toBe('Your email address is verified');
    expect((await callApi<UserInfo>(userInfo, { token })).info.is_admin).toBe(true);
  });

  it('takes the account from whoever registered the address when its owner follows the link elsewhere', async () => {
    // Someone registers the administrator's address with a password of their own and waits for
    // the owner to follow the verification link.
    await callApi(register, { json: { email: 'chief@portal-admins.test', password: 'squatter-1' } });
    const squatter = await callApi<{ token: string }>(login, {
      json: { email: 'chief@portal-admins.test', password: 'squatter-1' },
    });
    const link = await linkOf('chief@portal-admins.test');
    const followed = await callApi(verifyEmail, { json: { code: linkParam(link) }, lang: 'en-us' });
    expect(followed.msg).toMatch(/^Your email address is verified\. It receives administrator rights/);
    expect((await callApi(userInfo, { token: squatter.info.token })).status).toBe(401);
    expect((await loginAs('chief@portal-admins.test', 'squatter-1')).code).toBe(0);

    // The owner chooses the password from the mailbox, and is the administrator.
    const reset = await linkOf('chief@portal-admins.test');
    expect(reset).toContain('/user/reset?token=');
    const chosen = await callApi(resetPassword, {
      json: { code: linkParam(reset), password: 'owner-pass-1' },
    });
    expect(chosen.code).toBe(1);
    const owner = await loginAs('chief@portal-admins.test', 'owner-pass-1');
    expect(owner.info.user.is_admin).toBe(true);
  });

  it('does the same when an account moves its login to the address', async () => {
    const mover = await registerUser();
    await callApi(userInfo, {
      json: validProfile({ email: 'lead@portal-admins.test', current: mover.password }),
      token: mover.token,
    });
    const link = await linkOf('lead@portal-admins.test');
    const followed = await callApi(verifyEmail, { json: { code: linkParam(link) }, lang: 'en-us' });
    expect(followed.msg).toMatch(/administrator rights/);
    expect((await callApi(userInfo, { token: mover.token })).status).toBe(401);
    expect((await loginAs('lead@portal-admins.test', mover.password)).code).toBe(0);
  });

  it('grants nothing to an account that types the address into its profile', async () => {
    const sneaky = await registerUser();
    const res = await callApi<UserInfo>(userInfo, {
      json: validProfile({ email: 'ops@portal-admins.test' }),
      token: sneaky.token,
    });
    // The listed address is someone else's: the change waits for a link mailed to that address.
    expect(res.info).toMatchObject({
      email: sneaky.email,
      is_admin: false,
      pending_email: 'ops@portal-admins.test',
    });
  });
});

import { afterAll, describe, expect, it, vi } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import { POST as verifyEmail } from '@/app/api/user/verify_email/route';
import type { UserInfo } from '@/contract/user';
import { callApi } from '../../support/api';
import { registerUser, uniqueEmail, validProfile } from '../../support/factories';
import { deliverMail, linkParam, queuedFor } from '../../support/mail';

const smtp = await vi.hoisted(async () => {
  const { smtpEnvironment } = await import('./smtp-env');
  return smtpEnvironment();
});
afterAll(() => smtp.close());

const loginAs = (email: string, password: string) =>
  callApi<{ token: string }>(login, { json: { email, password } });

describe('changing the login email', () => {
  it('saves the profile, mails a link to the new address and tells the old one; nothing moves yet', async () => {
    const account = await registerUser();
    const next = uniqueEmail('new');
    const res = await callApi<UserInfo>(userInfo, {
      json: validProfile({ email: next, name: 'Renamed' }),
      token: account.token,
      lang: 'en-us',
    });
    expect(res.msg).toBe(
      'Saved. We mailed a confirmation link to the new address: your login email changes once you follow it',
    );
    expect(res.info).toMatchObject({ name: 'Renamed', email: account.email, pending_email: next });
    await deliverMail();
    expect(smtp.to(next)[0]?.subject).toBe('请确认你在 MacCMS Pro 的新登录邮箱');
    const notice = smtp.to(account.email).find((m) => m.subject.includes('即将更换'));
    expect(notice?.text).toContain(next);
    expect(notice?.text).not.toContain('token=');
    expect((await loginAs(next, account.password)).code).toBe(0);
  });

  it('asks for the current password: a session alone cannot move the account to another mailbox', async () => {
    // Someone holding a stolen session would otherwise confirm from their own address, sign the
    // owner out and reset the password there.
    const account = await registerUser();
    const next = uniqueEmail('hijack');
    for (const [current, msg] of [
      [undefined, 'Please enter your current password'],
      ['wrong-guess', 'The current password is not correct'],
    ] as const) {
      const res = await callApi<UserInfo>(userInfo, {
        json: { ...validProfile({ email: next, name: 'Hijacked' }), current },
        token: account.token,
        lang: 'en-us',
      });
      expect(res).toMatchObject({ code: 0, msg });
    }
    const saved = await callApi<UserInfo>(userInfo, { token: account.token });
    expect(saved.info).toMatchObject({ email: account.email, pending_email: null });
    expect(saved.info.name).not.toBe('Hijacked');
    await deliverMail();
    expect(smtp.to(next)).toHaveLength(0);
    // Other fields need no password.
    const renamed = await callApi<UserInfo>(userInfo, {
      json: { ...validProfile({ email: account.email, name: 'Renamed' }), current: undefined },
      token: account.token,
    });
    expect(renamed.info).toMatchObject({ name: 'Renamed' });
  });

  it('the link moves the login, proves the new address and ends the other sessions', async () => {
    const account = await registerUser();
    const other = await loginAs(account.email, account.password);
    const next = uniqueEmail('moving');
    await callApi(userInfo, { json: validProfile({ email: next }), token: account.token });
    await deliverMail();
    const code = linkParam(smtp.to(next)[0]!.links[0]!);

    const res = await callApi<{ user: UserInfo }>(verifyEmail, {
      json: { code },
      token: account.token,
      lang: 'en-us',
    });
    expect(res).toMatchObject({
      code: 1,
      msg: 'Your login email has been changed; other sessions were signed out',
      info: { user: { email: next, email_verified: true } },
    });
    expect((await loginAs(next, account.password)).code).toBe(1);
    expect((await loginAs(account.email, account.password)).code).toBe(0);
    expect((await callApi(userInfo, { token: account.token })).code).toBe(1);
    expect((await callApi(userInfo, { token: other.info.token })).status).toBe(401);
  });

  it('refuses an address another account owns, and mails nobody', async () => {
    const owner = await registerUser();
    const account = await registerUser();
    const res = await callApi(userInfo, {
      json: validProfile({ email: owner.email.toUpperCase(), name: 'Thief' }),
      token: account.token,
      lang: 'en-us',
    });
    expect(res.msg).toBe('This email is already registered: log in, or use another email');
    expect(await queuedFor(owner.email, 'change')).toHaveLength(0);
    expect((await callApi<UserInfo>(userInfo, { token: account.token })).info.name).not.toBe('Thief');
  });

  it('fails at the link if someone registered the address in the meantime', async () => {
    const account = await registerUser();
    const next = uniqueEmail('raced');
    await callApi(userInfo, { json: validProfile({ email: next }), token: account.token });
    await deliverMail();
    const code = linkParam(smtp.to(next)[0]!.links[0]!);
    await registerUser({ email: next });
    const res = await callApi(verifyEmail, { json: { code }, lang: 'en-us' });
    expect(res.msg).toBe('This email is already registered: log in, or use another email');
    expect((await loginAs(account.email, account.password)).code).toBe(1);
  });

  it('an old verification link of the previous address does not verify the new one', async () => {
    const account = await registerUser({ verified: false });
    await deliverMail();
    const oldCode = linkParam(smtp.to(account.email)[0]!.links[0]!);
    const next = uniqueEmail('switch');
    await callApi(userInfo, { json: validProfile({ email: next }), token: account.token });
    await deliverMail();
    await callApi(verifyEmail, { json: { code: linkParam(smtp.to(next)[0]!.links[0]!) } });
    // The account now logs in as `next`, verified by its own link; the old link proves nothing more.
    const res = await callApi(verifyEmail, { json: { code: oldCode }, lang: 'en-us' });
    expect(res.msg).toBe('This link is not valid. Request a new one.');
  });

  it('is limited per account', async () => {
    const account = await registerUser();
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await callApi(userInfo, {
            json: validProfile({ email: uniqueEmail('many') }),
            token: account.token,
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

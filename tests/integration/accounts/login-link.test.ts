import { describe, expect, it } from 'vitest';
import { POST as changePassword } from '@/app/api/user/change_password/route';
import { POST as linkLogin } from '@/app/api/user/link_login/route';
import { POST as login } from '@/app/api/user/login/route';
import { POST as loginLink } from '@/app/api/user/login_link/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import { ACCOUNT_LIMITS } from '@/contract/account';
import { RATE_LIMITS } from '@/contract/limits';
import { callApi, randomIp, withinOneWindow } from '../../support/api';
import { type Registered, registerUser, uniqueEmail } from '../../support/factories';
import { linkParam, queuedFor } from '../../support/mail';

const attempt = (account: Registered, password: string, options: { ip?: string; cookie?: string } = {}) =>
  callApi<{ token: string }>(login, { json: { email: account.email, password }, lang: 'en-us', ...options });

/** The login links mailed to `email` so far (from the outbox), oldest first. */
async function loginLinks(email: string): Promise<string[]> {
  const rows = await queuedFor(email, 'loginLink');
  return rows.map((row) => row.text.match(/https?:\/\/\S+\/user\/login\?token=[\w-]+/)?.[0] ?? '');
}

const follow = (link: string, ip = randomIp()) =>
  callApi<{ token: string }>(linkLogin, { json: { code: linkParam(link) }, lang: 'en-us', ip });

describe('a mailed login link: the owner’s way in that guesses cannot block', () => {
  it('after wrong guesses from many addresses hold new devices, the owner logs in by mail, and that device stays known', async () => {
    await withinOneWindow(RATE_LIMITS.loginPerAccount.windowSeconds, 60);
    const owner = await registerUser();
    // A distributed guess: ten tries from each of six addresses, more than the account-wide limit.
    const addresses = Array.from({ length: 6 }, randomIp);
    for (let i = 0; i < 60; i++) await attempt(owner, `wrong-${i}`, { ip: addresses[i % addresses.length] });
    const phone = randomIp();
    expect((await attempt(owner, owner.password, { ip: phone })).status).toBe(429);

    const asked = await callApi(loginLink, { json: { email: owner.email }, ip: phone, lang: 'en-us' });
    expect(asked).toMatchObject({ status: 200, code: 1 });
    const [link] = await loginLinks(owner.email);
    expect(link).toContain('/user/login?token=');

    const entered = await follow(link!, phone);
    expect(entered).toMatchObject({ status: 200, code: 1 });
    expect((await callApi(userInfo, { token: entered.info.token })).info).toMatchObject({
      email: owner.email,
    });
    const device = entered.response.headers
      .getSetCookie()
      .find((c) => c.startsWith('maccms_device='))
      ?.split(';')[0];
    expect(device, 'the link makes this device a known device').toBeDefined();

    // From then on this device logs in with the password while the guessing goes on.
    expect((await attempt(owner, owner.password, { ip: phone, cookie: device })).code).toBe(1);
    expect((await attempt(owner, owner.password, { ip: randomIp() })).status).toBe(429);
    // The link works once.
    expect((await follow(link!)).msg).toBe(
      'This link has already been used. Request a new one if you still need it.',
    );
  }, 180_000);

  it('answers the same for an unknown address, and mails only a real account', async () => {
    const owner = await registerUser();
    const nobody = uniqueEmail('nobody');
    const known = await callApi(loginLink, { json: { email: owner.email }, lang: 'en-us' });
    const unknown = await callApi(loginLink, { json: { email: nobody }, lang: 'en-us' });
    const shape = (r: typeof known) => ({ status: r.status, code: r.code, msg: r.msg, info: r.info });
    expect(shape(unknown)).toEqual(shape(known));
    expect(known.msg).toContain('If an account uses this address, a login link is on its way');
    expect(await loginLinks(nobody)).toHaveLength(0);
    expect(await loginLinks(owner.email)).toHaveLength(1);
  });

  it('a flood of requests mails a few links, and the last one mailed still logs in', async () => {
    const owner = await registerUser();
    const { limit } = ACCOUNT_LIMITS.loginLinkPerAddress;
    const answers = new Set<string>();
    for (let i = 0; i < limit + 3; i++) {
      const res = await callApi(loginLink, { json: { email: owner.email }, ip: randomIp() });
      answers.add(`${res.status}|${res.code}|${res.msg}`);
    }
    expect(answers.size).toBe(1);
    const links = await loginLinks(owner.email);
    expect(links).toHaveLength(limit);
    expect((await follow(links[0]!)).code).toBe(0); // a newer link replaced it
    expect((await follow(links.at(-1)!)).code).toBe(1);
  });

  it('a new password cancels a login link still in the mailbox', async () => {
    const owner = await registerUser();
    await callApi(loginLink, { json: { email: owner.email } });
    const [link] = await loginLinks(owner.email);
    const changed = await callApi(changePassword, {
      json: { current: owner.password, password: 'quiet-harbor-7' },
      token: owner.token,
    });
    expect(changed.code).toBe(1);
    expect((await follow(link!)).msg).toBe('This link is not valid. Request a new one.');
  });
});

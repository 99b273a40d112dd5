import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { RATE_LIMITS } from '@/contract/limits';
import { type CallOptions, callApi, randomIp } from '../support/api';
import { type Registered, registerUser } from '../support/factories';

const attempt = (account: Registered, password: string, options: CallOptions = {}) =>
  callApi(login, { json: { email: account.email, password }, lang: 'en-us', ...options });

/** The `name=value` of the device cookie a successful login sets, as the browser sends it back. */
function deviceCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('maccms_device='));
  expect(cookie, 'the login sets a device cookie').toBeDefined();
  expect(cookie).toMatch(/;\s*HttpOnly/i);
  expect(cookie).toMatch(/;\s*Path=\/api\/user\/login/);
  return cookie!.split(';')[0]!;
}

describe('guessing a password does not lock the owner out', () => {
  it(`after ${RATE_LIMITS.loginPerIpAccount.limit} wrong passwords from one address, the owner still logs in from another`, async () => {
    const account = await registerUser();
    const attacker = randomIp();
    for (let i = 0; i < RATE_LIMITS.loginPerIpAccount.limit; i++)
      expect((await attempt(account, 'wrong-pass', { ip: attacker })).code).toBe(0);
    const refused = await attempt(account, account.password, { ip: attacker });
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);

    const owner = await attempt(account, account.password, { ip: randomIp() });
    expect(owner).toMatchObject({ status: 200, code: 1 });
  });

  it('a device that logged in before passes while guesses from many addresses hold the account', async () => {
    const account = await registerUser();
    const first = await attempt(account, account.password);
    expect(first.code).toBe(1);
    const device = deviceCookie(first.response);

    // A distributed guess: a few tries from each of many addresses, under every per-address limit.
    const { limit } = RATE_LIMITS.loginPerAccount;
    const addresses = Array.from({ length: Math.ceil(limit / 5) }, randomIp);
    for (let i = 0; i < limit; i++)
      await attempt(account, `wrong-${i}`, { ip: addresses[i % addresses.length] });

    // A new device now waits, even with the right password: the account is being guessed...
    expect((await attempt(account, account.password, { ip: randomIp() })).status).toBe(429);
    // ...but the owner's known device logs in, even from an address the attackers used.
    const known = await attempt(account, account.password, { ip: addresses[0], cookie: device });
    expect(known).toMatchObject({ status: 200, code: 1 });
  });

  it('a device cookie of another account, or a forged one, is an unknown device', async () => {
    const victim = await registerUser();
    const other = await registerUser();
    const otherDevice = deviceCookie((await attempt(other, other.password)).response);
    const [, userId] = otherDevice.match(/^maccms_device=(\d+)\./) ?? [];
    const forged = `maccms_device=${victim.user.user_id}.AAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(32)}`;
    const attacker = randomIp();
    expect(Number(userId)).toBe(other.user.user_id);
    for (let i = 0; i < RATE_LIMITS.loginPerIpAccount.limit; i++) {
      const cookie = i % 2 ? otherDevice : forged;
      expect((await attempt(victim, 'wrong-pass', { ip: attacker, cookie })).code).toBe(0);
    }
    expect((await attempt(victim, victim.password, { ip: attacker, cookie: forged })).status).toBe(429);
    expect((await attempt(victim, victim.password, { ip: attacker, cookie: otherDevice })).status).toBe(429);
  });

  it('a known device that guesses is throttled on its own', async () => {
    const account = await registerUser();
    const device = deviceCookie((await attempt(account, account.password)).response);
    for (let i = 0; i < RATE_LIMITS.loginPerDevice.limit; i++)
      await attempt(account, 'wrong-pass', { cookie: device, ip: randomIp() });
    expect((await attempt(account, account.password, { cookie: device })).status).toBe(429);
    // Without that cookie, from a fresh address, the owner is not held by it.
    expect((await attempt(account, account.password)).code).toBe(1);
  });
});

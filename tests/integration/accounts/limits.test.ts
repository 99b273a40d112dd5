import { describe, expect, it } from 'vitest';
import { POST as changePassword } from '@/app/api/user/change_password/route';
import { POST as watch } from '@/app/api/user/domain_watch/route';
import { POST as watchKey } from '@/app/api/user/domain_watch_key/route';
import { POST as forgot } from '@/app/api/user/forgot_password/route';
import { POST as login } from '@/app/api/user/login/route';
import { POST as register } from '@/app/api/user/register/route';
import { POST as resend } from '@/app/api/user/resend_verification/route';
import { POST as resetPassword } from '@/app/api/user/reset_password/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import { POST as verifyEmail } from '@/app/api/user/verify_email/route';
import { ACCOUNT_LIMITS } from '@/contract/account';
import { RATE_LIMITS } from '@/contract/limits';
import { type ApiResult, callApi, randomIp } from '../../support/api';
import { registerUser, uniqueEmail, validProfile } from '../../support/factories';

const header = (res: ApiResult, name: string) => res.response.headers.get(name);

/** A refusal says how long to wait, in the message and in Retry-After, within the window. */
function expectRefused(res: ApiResult, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.code).toBe(0);
  const seconds = Number(header(res, 'retry-after'));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  expect(res.msg).toContain(String(seconds));
}

describe('account limits as clients see them (RateLimit-* and Retry-After)', () => {
  it('register tells how many accounts one address may still create', async () => {
    const ip = randomIp();
    const { limit, windowSeconds } = RATE_LIMITS.registerPerIp;
    const first = await callApi(register, { json: { email: uniqueEmail(), password: 'calm-river-42' }, ip });
    expect(first.code).toBe(1);
    expect(header(first, 'ratelimit-limit')).toBe(String(limit));
    expect(header(first, 'ratelimit-remaining')).toBe(String(limit - 1));
    expect(header(first, 'ratelimit-policy')).toBe(`${limit};w=${windowSeconds}`);
    const reset = Number(header(first, 'ratelimit-reset'));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(windowSeconds);
  });

  it('resend counts down per account, whatever the address, then refuses', async () => {
    const dev = await registerUser({ verified: false });
    const { limit, windowSeconds } = ACCOUNT_LIMITS.resendPerAccount;
    const remaining = [];
    for (let i = 0; i < limit; i++) {
      const res = await callApi(resend, { token: dev.token, ip: randomIp() });
      expect(res.code, `resend ${i + 1}`).toBe(1);
      remaining.push(header(res, 'ratelimit-remaining'));
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    expectRefused(await callApi(resend, { token: dev.token, ip: randomIp(), lang: 'en-us' }), windowSeconds);
    // Another account is not held up.
    const other = await registerUser({ verified: false });
    expect((await callApi(resend, { token: other.token })).code).toBe(1);
  });

  it('wrong guesses of the current password are limited per session, never spending the owner’s', async () => {
    const owner = await registerUser();
    // Someone else holds a session of the account (a shared computer left signed in) and guesses.
    const held = await callApi<{ token: string }>(login, {
      json: { email: owner.email, password: owner.password },
    });
    const { limit, windowSeconds } = ACCOUNT_LIMITS.passwordPerSession;
    const guess = (token: string, current: string) =>
      callApi(changePassword, {
        json: { current, password: 'new-pass-1' },
        token,
        ip: randomIp(),
        lang: 'en-us',
      });
    for (let i = 0; i < limit; i++) {
      const res = await guess(held.info.token, `wrong-guess-${i}`);
      expect(res.status, `guess ${i + 1}`).toBe(200);
      expect(res.msg).toBe('The current password is not correct');
    }
    expectRefused(await guess(held.info.token, owner.password), windowSeconds);
    // Moving the login email asks for the same password and is held for that session too.
    const moving = await callApi(userInfo, {
      json: validProfile({ current: owner.password }),
      token: held.info.token,
      lang: 'en-us',
    });
    expect(moving.status).toBe(429);

    // The owner's own session still has every try: a typo, then the right password.
    expect((await guess(owner.token, 'typo-typo')).msg).toBe('The current password is not correct');
    const changed = await guess(owner.token, owner.password);
    expect(changed).toMatchObject({ status: 200, code: 1, info: { sessions_ended: 1 } });
  });

  it('forgot password slows one address down and says for how long', async () => {
    const ip = randomIp();
    const { limit, windowSeconds } = ACCOUNT_LIMITS.forgotPerIp;
    for (let i = 0; i < limit; i++) {
      const res = await callApi(forgot, { json: { email: uniqueEmail('flood') }, ip });
      expect(header(res, 'ratelimit-remaining')).toBe(String(limit - i - 1));
    }
    expectRefused(await callApi(forgot, { json: { email: uniqueEmail('flood') }, ip }), windowSeconds);
  });

  it('verify, reset and watch links share one counter per address', async () => {
    const ip = randomIp();
    const { limit, windowSeconds } = ACCOUNT_LIMITS.linkPerIp;
    const code = 'x'.repeat(43);
    const posts = [
      () => callApi(verifyEmail, { json: { code }, ip }),
      () => callApi(resetPassword, { json: { code, password: 'calm-river-42' }, ip }),
      () => callApi(watchKey, { json: { key: 'nope', action: 'confirm' }, ip }),
    ];
    for (let i = 0; i < limit; i++) {
      const res = await posts[i % 3]!();
      expect(res.status, `link ${i + 1}`).toBe(200);
    }
    for (const post of posts) expectRefused(await post(), windowSeconds);
    expect((await posts[0]!()).status).toBe(429);
    expect((await callApi(verifyEmail, { json: { code }, ip: randomIp() })).status).toBe(200);
  });

  it('watching is limited per address watched, across callers', async () => {
    const email = uniqueEmail('watched');
    const { limit, windowSeconds } = ACCOUNT_LIMITS.watchPerAddress;
    for (let i = 0; i < limit; i++) {
      const res = await callApi(watch, { json: { domain: `w${i}.example.com`, email }, ip: randomIp() });
      expect(res.code, `watch ${i + 1}`).toBe(1);
    }
    const refused = await callApi(watch, {
      json: { domain: 'one-more.example.com', email: email.toUpperCase() },
      ip: randomIp(),
    });
    expectRefused(refused, windowSeconds);
    const other = await callApi(watch, { json: { domain: 'w0.example.com', email: uniqueEmail() } });
    expect(other.code).toBe(1);
  });
});

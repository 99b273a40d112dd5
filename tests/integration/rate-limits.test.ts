import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as register } from '@/app/api/user/register/route';
import { RATE_LIMITS } from '@/contract/limits';
import { countHit, rateLimitHits } from '@/server/http/rate-limit';
import { callApi, randomIp } from '../support/api';
import { registerUser, uniqueEmail } from '../support/factories';
import { queuedFor } from '../support/mail';

describe('rate limits', () => {
  it('a request that started in an earlier window counts in the current one, never restarting the count', async () => {
    const rule = { limit: 5, windowSeconds: 60 };
    const key = `late:${randomIp()}`;
    const current = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 5_000);
    const earlier = new Date(current.getTime() - 10_000); // the previous window
    for (let i = 1; i <= 6; i++) expect(await countHit(key, rule, current)).toBe(i);
    // Its body held back, a request timed in the earlier window arrives now.
    expect(await countHit(key, rule, earlier)).toBe(7);
    expect(await countHit(key, rule, current)).toBe(8);
    expect(await rateLimitHits(key, rule, earlier)).toBe(8);
    // The next window still starts afresh.
    expect(await countHit(key, rule, new Date(current.getTime() + 60_000))).toBe(1);
  });

  it(`blocks one address after ${RATE_LIMITS.loginPerIpAccount.limit} attempts at one account, not the account`, async () => {
    const account = await registerUser();
    const ip = randomIp();
    const { limit } = RATE_LIMITS.loginPerIpAccount;
    for (let i = 0; i < limit; i++) {
      const res = await callApi(login, { json: { email: account.email, password: 'wrong-pass' }, ip });
      expect(res.status, `attempt ${i + 1}`).toBe(200);
    }
    const blocked = await callApi(login, {
      json: { email: account.email, password: account.password },
      ip,
      lang: 'en-us',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.code).toBe(0);
    expect(blocked.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    expect(blocked.response.headers.get('set-cookie')).toBeNull();

    // The same address may still log in to another account, and the owner from elsewhere.
    const other = await registerUser();
    const ok = await callApi(login, { json: { email: other.email, password: other.password }, ip });
    expect(ok.code).toBe(1);
    const owner = await callApi(login, { json: { email: account.email, password: account.password } });
    expect(owner.code).toBe(1);
  });

  it(`blocks one address after ${RATE_LIMITS.loginPerIp.limit} attempts, whatever the accounts`, async () => {
    const ip = randomIp();
    for (let i = 0; i < RATE_LIMITS.loginPerIp.limit; i++) {
      const res = await callApi(login, { json: { email: uniqueEmail('spray'), password: 'wrong-pass' }, ip });
      expect(res.status, `attempt ${i + 1}`).toBe(200);
    }
    const account = await registerUser();
    const blocked = await callApi(login, { json: { email: account.email, password: account.password }, ip });
    expect(blocked.status).toBe(429);
  });

  it(`blocks registration from one address after ${RATE_LIMITS.registerPerIp.limit} accounts`, async () => {
    const ip = randomIp();
    const { limit } = RATE_LIMITS.registerPerIp;
    for (let i = 0; i < limit; i++) await registerUser({ ip });
    const email = uniqueEmail('blocked');
    const blocked = await callApi(register, {
      json: { email, password: 'calm-river-42' },
      ip,
      lang: 'zh-tw',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.msg).toMatch(/^操作過於頻繁，請 \d+ 秒後再試$/);
    // Retry-After says the same wait as the message, for clients that do not read it.
    const seconds = blocked.msg.match(/\d+/)?.[0];
    expect(blocked.response.headers.get('retry-after')).toBe(seconds);
    expect(Number(seconds)).toBeGreaterThan(0);
    expect(Number(seconds)).toBeLessThanOrEqual(RATE_LIMITS.registerPerIp.windowSeconds);

    // The refused account was not created, and another address can still register: the address
    // gets its verification link, not the notice for an address that has an account.
    const elsewhere = await callApi(register, { json: { email, password: 'calm-river-42' }, ip: randomIp() });
    expect(elsewhere.code).toBe(1);
    expect(await queuedFor(email, 'verify')).toHaveLength(1);
    expect(await queuedFor(email, 'registerTaken')).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/user/login/route';
import { POST as register } from '@/app/api/user/register/route';
import { RATE_LIMITS } from '@/contract/limits';
import { callApi, randomIp } from '../support/api';
import { registerUser, uniqueEmail } from '../support/factories';

describe('rate limits', () => {
  it(`blocks login to one account after ${RATE_LIMITS.loginPerAccount.limit} attempts, from any address`, async () => {
    const account = await registerUser();
    const { limit } = RATE_LIMITS.loginPerAccount;
    for (let i = 0; i < limit; i++) {
      const res = await callApi(login, { json: { email: account.email, password: 'wrong-pass' } });
      expect(res.status, `attempt ${i + 1}`).toBe(200);
    }
    const blocked = await callApi(login, {
      json: { email: account.email, password: account.password },
      lang: 'en-us',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.code).toBe(0);
    expect(blocked.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    expect(blocked.response.headers.get('set-cookie')).toBeNull();

    // Another account is not affected.
    const other = await registerUser();
    const ok = await callApi(login, { json: { email: other.email, password: other.password } });
    expect(ok.code).toBe(1);
  });

  it(`blocks registration from one address after ${RATE_LIMITS.registerPerIp.limit} accounts`, async () => {
    const ip = randomIp();
    const { limit } = RATE_LIMITS.registerPerIp;
    for (let i = 0; i < limit; i++) await registerUser({ ip });
    const email = uniqueEmail('blocked');
    const blocked = await callApi(register, { json: { email, password: 'abc123' }, ip, lang: 'zh-tw' });
    expect(blocked.status).toBe(429);
    expect(blocked.msg).toMatch(/^操作過於頻繁，請 \d+ 秒後再試$/);

    // The refused account was not created, and another address can still register.
    const elsewhere = await callApi(register, { json: { email, password: 'abc123' }, ip: randomIp() });
    expect(elsewhere.code).toBe(1);
  });
});

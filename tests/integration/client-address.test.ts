import { describe, expect, it } from 'vitest';
import { POST as register } from '@/app/api/user/register/route';
import { RATE_LIMITS } from '@/contract/limits';
import { callApi, randomIp } from '../support/api';
import { uniqueEmail } from '../support/factories';

const { limit } = RATE_LIMITS.registerPerIp;
const registerFrom = (ip: string, headers: Record<string, string> = {}) =>
  callApi(register, {
    json: { email: uniqueEmail('addr'), password: 'calm-river-42' },
    ip,
    headers,
    lang: 'en-us',
  });

/** TRUST_PROXY is off here (the default): the connection's address is the caller's, whatever it claims. */
describe('the caller address without a trusted proxy', () => {
  it('ignores an X-Forwarded-For the client sends, however it is shaped', async () => {
    const socket = randomIp();
    const claims = [randomIp(), `${randomIp()}, ${randomIp()}`, 'unknown', `${randomIp()},${socket}`];
    for (let i = 0; i < limit; i++) {
      const res = await registerFrom(socket, { 'x-forwarded-for': claims[i % claims.length]! });
      expect(res.code, `registration ${i + 1}`).toBe(1);
    }
    const blocked = await registerFrom(socket, { 'x-forwarded-for': randomIp(), 'x-real-ip': randomIp() });
    expect(blocked.status).toBe(429);
    // The addresses it claimed were never charged.
    expect((await registerFrom(claims[0]!)).code).toBe(1);
  });

  it('counts the addresses of one IPv6 /64 together, and an IPv4-mapped address as its IPv4', async () => {
    const net = `2001:db8:${randomIp().split('.').slice(1, 3).join(':')}`;
    for (let i = 0; i < limit; i++)
      expect((await registerFrom(`${net}::${(i + 1).toString(16)}`)).code).toBe(1);
    expect((await registerFrom(`${net}:0:0:ffff:1`)).status).toBe(429);
    expect((await registerFrom(`2001:db8:ffff:${randomIp().split('.')[3]}::1`)).code).toBe(1);

    const v4 = randomIp();
    for (let i = 0; i < limit; i++) expect((await registerFrom(i % 2 ? v4 : `::ffff:${v4}`)).code).toBe(1);
    expect((await registerFrom(v4)).status).toBe(429);
  });
});

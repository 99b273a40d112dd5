import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { POST as register } from '@/app/api/user/register/route';
import { POST as userInfo } from '@/app/api/user/user_info/route';
import { RATE_LIMITS } from '@/contract/limits';
import proxy from '@/proxy';
import { callApi, randomIp } from '../support/api';
import { registerUser, uniqueEmail, validProfile } from '../support/factories';

// Two proxies of ours in front (a CDN, then a load balancer); read before anything asks env().
vi.hoisted(() => {
  process.env.TRUST_PROXY = '2';
});

const { limit } = RATE_LIMITS.registerPerIp;
const BALANCER = '192.168.0.10';

/** How a call arrives behind the two proxies: each appends the address it saw to X-Forwarded-For. */
const registerVia = (chain: string) =>
  callApi(register, {
    json: { email: uniqueEmail('proxied'), password: 'calm-river-42' },
    ip: BALANCER,
    headers: { 'x-forwarded-for': chain },
  });

describe('the caller address behind trusted proxies (TRUST_PROXY=2)', () => {
  it('is the entry the outer proxy appended; entries the client wrote before it do not count', async () => {
    const client = randomIp();
    const cdn = '203.0.113.7';
    for (let i = 0; i < limit; i++) {
      const res = await registerVia(`${randomIp()}, ${randomIp()}, ${client}, ${cdn}`);
      expect(res.code, `registration ${i + 1}`).toBe(1);
    }
    expect((await registerVia(`${client}, ${cdn}`)).status).toBe(429);
    // Another client through the same proxies is its own address.
    expect((await registerVia(`${client}, ${randomIp()}, ${cdn}`)).code).toBe(1);
  });

  it('reads addresses the way proxies write them: with ports, brackets, IPv4-mapped', async () => {
    const client = randomIp();
    const forms = [`${client}:51234`, `::ffff:${client}`, `[::ffff:${client}]:443`, client];
    for (let i = 0; i < limit; i++)
      expect((await registerVia(`${forms[i % forms.length]}, 203.0.113.7`)).code).toBe(1);
    expect((await registerVia(`${client}, 203.0.113.7`)).status).toBe(429);
  });
});

describe('same-origin calls behind trusted proxies', () => {
  it('accept an Origin naming the host the proxies passed on in X-Forwarded-Host', async () => {
    const account = await registerUser();
    const res = await callApi(userInfo, {
      json: validProfile({ email: account.email }),
      cookie: account.cookie,
      ip: BALANCER,
      headers: {
        origin: 'https://portal.example.com',
        'x-forwarded-host': 'portal.example.com',
        'x-forwarded-for': `${randomIp()}, 203.0.113.7`,
      },
    });
    expect(res.code).toBe(1);
  });
});

describe('HSTS behind trusted proxies', () => {
  it('is sent on pages when the proxies say the browser came over https', async () => {
    const https = await proxy(
      new NextRequest('http://localhost:3000/blog', {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': `${randomIp()}, 203.0.113.7` },
      }),
    );
    expect(https.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/);
    const http = await proxy(
      new NextRequest('http://localhost:3000/blog', { headers: { 'x-forwarded-proto': 'http' } }),
    );
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });
});

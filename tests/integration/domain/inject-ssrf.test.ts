import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkInject } from '@/app/dapi/[product]/check_site_inject/route';
import { defaultPolicy } from '@/server/net/safe-fetch';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';

// FETCH_ALLOW_PRIVATE is left unset here: the production default. The local server's port is
// allowed (FETCH_EXTRA_PORTS), so only the address rule can stand between a check and it.
let port = 0;
let hits = 0;
let server: http.Server;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.end('<html><body>internal</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  process.env.FETCH_EXTRA_PORTS = String(port);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const check = (domain: string) =>
  callApi(withProduct(checkInject, 'maccmspro'), { json: { domain }, lang: 'en-us' });

describe('the injected-code check cannot be turned against our own network', () => {
  it("has private targets off by default (and the test server's port allowed)", () => {
    expect(defaultPolicy().allowPrivate).toBe(false);
    expect(defaultPolicy().extraPorts).toContain(port);
  });

  it.each([
    ['loopback', () => `127.0.0.1:${port}`],
    ['localhost', () => `http://localhost:${port}/`],
    ['IPv6 loopback', () => `http://[::1]:${port}/`],
    ['IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.1]:${port}/`],
    ['a decimal IP', () => `http://2130706433:${port}/`],
    ['a hex IP', () => `http://0x7f000001:${port}/`],
    ['a short hex IP', () => `http://0x7f.1:${port}/`],
    ['an octal IP', () => `http://0177.0.0.1:${port}/`],
    ['a private network', () => 'http://10.0.0.5/'],
    ['a home network', () => 'http://192.168.1.1/'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 link-local', () => 'http://[fe80::1]/'],
    ['the unspecified address', () => `http://0.0.0.0:${port}/`],
  ])('refuses %s', async (_label, target) => {
    const res = await check(target());
    expect(res.code).toBe(0);
    expect(res.msg).toBe('The input address is incorrect and cannot be detected');
  });

  it('never reached the local server', () => {
    expect(hits).toBe(0);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkInject } from '@/app/dapi/[product]/check_site_inject/route';
import { defaultPolicy } from '@/server/net/safe-fetch';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';

// FETCH_ALLOW_PRIVATE is left unset here: the production default.
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
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const check = (domain: string) =>
  callApi(withProduct(checkInject, 'maccmspro'), { json: { domain }, lang: 'en-us' });

describe('the injected-code check cannot be turned against our own network', () => {
  it('has private targets off by default', () => {
    expect(defaultPolicy().allowPrivate).toBe(false);
  });

  it.each([
    () => `127.0.0.1:${port}`,
    () => `http://localhost:${port}/`,
    () => `http://[::1]:${port}/`,
    () => `http://[::ffff:127.0.0.1]:${port}/`,
    () => `http://2130706433:${port}/`,
    () => `http://0x7f000001:${port}/`,
    () => `http://0x7f.1:${port}/`,
    () => 'http://10.0.0.5/',
    () => 'http://192.168.1.1/',
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://[fe80::1]/',
    () => 'http://0.0.0.0/',
  ])('refuses %#', async (target) => {
    const res = await check(target());
    expect(res.code).toBe(0);
    expect(res.msg).toBe('The input address is incorrect and cannot be detected');
  });

  it('never reached the local server', () => {
    expect(hits).toBe(0);
  });
});

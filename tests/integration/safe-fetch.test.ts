import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget, type FetchError, isPublicAddress } from '@/server/net/policy';
import { defaultPolicy, safeFetch } from '@/server/net/safe-fetch';

const OFF = { allowPrivate: false, extraPorts: [] };
const ON = { allowPrivate: true, extraPorts: [] };

let base = '';
let port = 0;
let helloHits = 0;
let server: http.Server;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/hello') {
      helloHits++;
      res.end('hello');
    } else if (path.startsWith('/hop/')) {
      const n = Number(path.slice(5));
      res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/hello' }).end();
    } else if (path === '/to-metadata')
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (path.startsWith('/redirect?to=')) {
      res.writeHead(302, { location: decodeURIComponent(path.slice('/redirect?to='.length)) }).end();
    } else if (path === '/big') res.end(Buffer.alloc(200_000, 97));
    else if (path === '/gzip-bomb') {
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(5_000_000, 0)));
    } else if (path === '/slow') setTimeout(() => res.end('late'), 3_000);
    else res.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const reasonOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'fetched',
    (e: FetchError) => e.reason,
  );

describe('outbound fetch policy (SSRF)', () => {
  it('refuses private targets by default', () => {
    expect(defaultPolicy().allowPrivate).toBe(false);
  });

  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://10.0.0.8/',
    'http://172.16.3.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://0x7f.0.0.1/',
    'http://0.0.0.0/',
    'http://[::]/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
  ])('refuses %s', (url) => {
    expect(() => checkTarget(url, OFF)).toThrow(/private_address/);
  });

  it('refuses other schemes, credentials and unusual ports', () => {
    expect(() => checkTarget('file:///etc/passwd', OFF)).toThrow(/scheme/);
    expect(() => checkTarget('gopher://example.com/', OFF)).toThrow(/scheme/);
    expect(() => checkTarget('http://user:pw@example.com/', OFF)).toThrow(/credentials/);
    expect(() => checkTarget('http://example.com:6379/', OFF)).toThrow(/port/);
    expect(checkTarget('http://example.com:8080/', { allowPrivate: false, extraPorts: [8080] }).port).toBe(
      '8080',
    );
    expect(() => checkTarget('not a url', OFF)).toThrow(/invalid_url/);
  });

  it('accepts public addresses only as unicast', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    expect(isPublicAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicAddress('2002:7f00:1::')).toBe(false); // 6to4 wrapping 127.0.0.1
    expect(isPublicAddress('::7f00:1')).toBe(false); // IPv4-compatible 127.0.0.1
    expect(isPublicAddress('::a9fe:a9fe')).toBe(false); // IPv4-compatible 169.254.169.254
  });

  it('refuses a loopback server even on an allowed port', async () => {
    const before = helloHits;
    expect(await reasonOf(safeFetch(`${base}/hello`, { policy: { ...OFF, extraPorts: [port] } }))).toBe(
      'private_address',
    );
    expect(helloHits).toBe(before);
  });

  it('checks the address the connection resolves, not the name in the URL', async () => {
    const policy = { ...OFF, extraPorts: [port] };
    const before = helloHits;
    // The name passes every check on the string; only the lookup at connection time sees loopback.
    const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(
      await reasonOf(safeFetch(`http://innocent.example:${port}/hello`, { policy, resolve: toLoopback })),
    ).toBe('private_address');
    // A rebinding answer that mixes a public address with a private one is refused as a whole.
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    expect(
      await reasonOf(safeFetch(`http://innocent.example:${port}/hello`, { policy, resolve: mixed })),
    ).toBe('private_address');
    expect(helloHits).toBe(before);
    // With private targets allowed the same resolver is followed: it is the one the connection used.
    const allowed = await safeFetch(`http://innocent.example:${port}/hello`, {
      policy: { ...policy, allowPrivate: true },
      resolve: toLoopback,
    });
    expect(allowed.body.toString()).toBe('hello');
    expect(allowed.remoteAddress).toBe('127.0.0.1');
  });

  it('refuses this machine reached through its own host name', async () => {
    // os.hostname() resolves through /etc/hosts to one of this machine's own addresses.
    const name = os.hostname();
    const reason = await reasonOf(
      safeFetch(`http://${name}:${port}/hello`, { policy: { ...OFF, extraPorts: [port] } }),
    );
    expect(reason).not.toBe('fetched');
  });
});

describe('redirects into our own network, with private targets off', () => {
  // The one local server is trusted by its exact address, so the first hop is reached and the
  // redirect is what gets refused: every other loopback address and every private form stays out.
  const trusted = () => ({ allowPrivate: false, extraPorts: [port], trustedAddresses: ['127.0.0.1'] });

  it('reaches the trusted server itself (so the refusals below are the redirect check)', async () => {
    const result = await safeFetch(`${base}/redirect?to=${encodeURIComponent('/hello')}`, {
      policy: trusted(),
    });
    expect(result.body.toString()).toBe('hello');
    expect(result.redirects).toHaveLength(1);
  });

  it.each([
    ['loopback', () => `http://127.0.0.2:${port}/hello`],
    ['loopback in decimal', () => `http://2130706434:${port}/hello`],
    ['loopback in hex', () => `http://0x7f000002:${port}/hello`],
    ['loopback in dotted hex', () => `http://0x7f.0x0.0x0.0x2:${port}/hello`],
    ['loopback in octal', () => `http://0177.0.0.2:${port}/hello`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.2]:${port}/hello`],
    ['IPv6 loopback', () => `http://[::1]:${port}/hello`],
    ['localhost', () => `http://localhost:${port}/hello`],
    ['the unspecified address', () => `http://0.0.0.0:${port}/hello`],
    ['the IPv6 unspecified address', () => `http://[::]:${port}/hello`],
    ['a private network (10/8)', () => 'http://10.0.0.1/'],
    ['a private network (172.16/12)', () => 'http://172.16.0.1/'],
    ['a private network (192.168/16)', () => 'http://192.168.1.1/'],
    ['carrier-grade NAT', () => 'http://100.64.0.1/'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['the metadata address as IPv4-mapped IPv6', () => 'http://[::ffff:a9fe:a9fe]/latest/meta-data/'],
    ['IPv6 link-local', () => 'http://[fe80::1]/'],
    ['IPv6 unique-local', () => 'http://[fd00::1]/'],
  ])('refuses a redirect into %s', async (_label, target) => {
    const before = helloHits;
    const hop = `${base}/redirect?to=${encodeURIComponent(target())}`;
    expect(await reasonOf(safeFetch(hop, { policy: trusted() }))).toBe('private_address');
    expect(helloHits).toBe(before);
  });
});

describe('outbound fetch against a local server (private targets allowed, as in tests)', () => {
  it('fetches, follows redirects and records every hop', async () => {
    const result = await safeFetch(`${base}/hop/2`, { policy: ON });
    expect(result.status).toBe(200);
    expect(result.body.toString()).toBe('hello');
    expect(result.redirects.map((r) => r.status)).toEqual([302, 302, 302]);
    expect(result.finalUrl).toBe(`${base}/hello`);
    expect(result.requestHeaders['user-agent']).toContain('Mozilla');
  });

  it('stops after five redirects', async () => {
    expect(await reasonOf(safeFetch(`${base}/hop/9`, { policy: ON }))).toBe('too_many_redirects');
  });

  it('re-checks every redirect target, even with private targets allowed', async () => {
    expect(await reasonOf(safeFetch(`${base}/to-metadata`, { policy: ON }))).toBe('private_address');
  });

  it('cuts large and decompressed bodies at the cap', async () => {
    const big = await safeFetch(`${base}/big`, { policy: ON, maxBytes: 50_000 });
    expect(big.body.length).toBe(50_000);
    expect(big.truncated).toBe(true);
    const bomb = await safeFetch(`${base}/gzip-bomb`, { policy: ON, maxBytes: 100_000 });
    expect(bomb.body.length).toBe(100_000);
    expect(bomb.truncated).toBe(true);
  });

  it('gives up after the total time budget', async () => {
    expect(await reasonOf(safeFetch(`${base}/slow`, { policy: ON, totalTimeoutMs: 500 }))).toBe('timeout');
  });
});

import { pbkdf2 } from 'node:crypto';
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameResolver } from './resolve-name';
import { safeFetch } from './safe-fetch';

/** A name server that never answers, as a hostile zone's can be made to. */
let silent: dgram.Socket;
let server = '';
let queries = 0;
beforeAll(async () => {
  silent = dgram.createSocket('udp4');
  silent.on('message', () => queries++);
  await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  server = `127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(() => silent.close());

const poolWork = () => new Promise<void>((resolve) => pbkdf2('x', 'y', 1_000, 32, 'sha256', () => resolve()));

describe('names for outbound fetches', () => {
  it('waits on a silent name server without holding the thread pool, then gives up', async () => {
    const resolve = nameResolver([server]);
    let settled = 0;
    const waits = Array.from({ length: 8 }, (_, i) =>
      resolve(`host${i}.never-answers.example`).finally(() => settled++),
    );
    // Work that needs libuv's pool (file reads, hashing, zlib) goes ahead meanwhile.
    await Promise.all(Array.from({ length: 8 }, poolWork));
    expect(settled).toBe(0);
    const outcomes = await Promise.allSettled(waits);
    expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as NodeJS.ErrnoException).code)).toEqual(
      Array(8).fill('ETIMEOUT'),
    );
  }, 20_000);

  it('asks once for a name many fetches want at the same time', async () => {
    const resolve = nameResolver([server]);
    const before = queries;
    await Promise.allSettled(Array.from({ length: 10 }, () => resolve('same.never-answers.example')));
    // One A and one AAAA question, each tried twice: not ten times that.
    expect(queries - before).toBeLessThanOrEqual(4);
    expect(queries - before).toBeGreaterThan(0);
  }, 20_000);

  it('makes such a name a DNS failure of the fetch', async () => {
    const failed = await safeFetch('http://slow.never-answers.example/', {
      resolve: nameResolver([server]),
      connectTimeoutMs: 10_000, // the name's failure, not the connection's patience, ends it
    }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ reason: 'dns' });
  }, 20_000);

  it('still knows the names the system knows without DNS', async () => {
    const found = await nameResolver()('localhost');
    expect(found.map((a) => a.address)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(127\.|::1$)/)]),
    );
  });
});

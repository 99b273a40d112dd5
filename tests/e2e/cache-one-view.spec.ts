import type http from 'node:http';
import { expect, test } from '@playwright/test';
import { type Front, startFront } from '../../bench/front';
import { php } from '../support/cms/php';
import { freePort, rawGet } from '../support/raw-http';

/**
 * The attacks on the shared cache, replayed against the production server alone and through nginx
 * configured by deploy/nginx.conf in front of it: what the cache keys on and what the page, the call
 * and the client read is one reading of the request.
 */
const DEVELOPER = { email: 'developer@example.com', password: 'dev12345' };

const unique = () => Math.random().toString(36).slice(2);

/** A raw request to `base` (the app or nginx): headers exactly as written. */
const get = (base: string, path: string, headers: http.OutgoingHttpHeaders = {}) =>
  rawGet(`${base}${path}`, headers);

let front: Front;
let token = '';

test.beforeAll(async ({ baseURL }) => {
  const app = new URL(baseURL!);
  front = await startFront([`${app.hostname}:${app.port}`], await freePort());
  const login = await fetch(`${baseURL}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEVELOPER),
  });
  token = ((await login.json()) as { info: { token: string } }).info.token;
});

test.afterAll(async () => {
  await front?.stop();
});

const targets = (baseURL: string) =>
  [
    ['the app', baseURL],
    ['nginx', front.origin.replace('localhost', '127.0.0.1')],
  ] as const;

test('a logged-in page is never kept for strangers, however the session cookie is written', async ({
  baseURL,
}) => {
  for (const [where, base] of targets(baseURL!)) {
    for (const cookie of [
      `maccms=; maccms=${token}`,
      `maccms=\t; maccms=${token}`,
      ['maccms=', `maccms=${token}`],
      `maccms=${token}; maccms=`,
    ]) {
      const name = `${where}: ${cookie}`;
      const path = `/en-us/helpCenter?q=${unique()}`;
      const mine = await get(base, path, { cookie });
      expect(mine.status, name).toBe(200);
      expect(mine.headers['cache-control'], name).toBe('private, no-store');
      // The visitor's own page: their account is in it.
      expect(mine.text, name).toContain(DEVELOPER.email);
      for (let i = 0; i < 2; i++) {
        const stranger = await get(base, path, { cookie: 'NEXT_LOCALE=en-us' });
        expect(stranger.text, name).not.toContain(DEVELOPER.email);
        expect(stranger.text, name).toContain('initialUser\\":null');
      }
    }
  }
});

test('the CMS reads JSON after any Accept-Encoding another client sent, and so do pages', async ({
  baseURL,
}) => {
  for (const [where, base] of targets(baseURL!)) {
    for (const accept of ['deflate', 'GZIP', 'Gzip, deflate']) {
      const name = `${where}: ${accept}`;
      const call = `/api/article/list?offset=${Math.floor(Math.random() * 1e6)}`;
      const attacker = await get(base, call, { 'accept-encoding': accept });
      expect(['gzip', undefined], name).toContain(attacker.headers['content-encoding']);
      for (let i = 0; i < 2; i++)
        expect(
          await php<{ status: number; json: boolean }>('fetch.php', [`${base}${call}`]),
          name,
        ).toMatchObject({ status: 200, json: true });

      const page = `/en-us/blog?page=${Math.floor(Math.random() * 1e6)}`;
      await get(base, page, { 'accept-encoding': accept, cookie: 'NEXT_LOCALE=en-us' });
      const plain = await get(base, page, { cookie: 'NEXT_LOCALE=en-us' });
      expect(plain.headers['content-encoding'], name).toBeUndefined();
      expect(plain.body.toString('latin1'), name).toMatch(/^<!DOCTYPE html>/i);
    }
  }
});

test("a page's language links name the site's address, never the first visitor's Host", async ({
  baseURL,
}) => {
  for (const [where, base] of targets(baseURL!)) {
    const path = `/en-us/helpCenter?q=${unique()}`;
    const forged = await get(base, path, {
      host: 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      cookie: 'NEXT_LOCALE=en-us',
    });
    expect(forged.status, where).toBe(200);
    const shared = await get(base, path, { cookie: 'NEXT_LOCALE=en-us' });
    for (const answer of [forged, shared]) {
      const link = String(answer.headers.link);
      expect(link, where).toContain(`<${baseURL}/zh-tw/helpCenter>; rel="alternate"; hreflang="zh-tw"`);
      expect(link, where).not.toContain('evil.example');
    }
  }
});

test('a read call with made-up parameters is answered from the cache', async ({ baseURL }) => {
  await get(baseURL!, `/api/home/config?r=${unique()}`);
  for (let i = 0; i < 3; i++) {
    const answer = await get(baseURL!, `/api/home/config?r=${unique()}`);
    expect(answer.headers['x-cache']).toMatch(/^(HIT|STALE)$/);
  }
  await get(baseURL!, `/resource-api/provide/vod/ac/list/r/${unique()}`);
  const collected = await get(baseURL!, `/resource-api/provide/vod?ac=list&r=${unique()}`);
  expect(collected.headers['x-cache']).toMatch(/^(HIT|STALE)$/);
  expect(JSON.parse(collected.text)).toMatchObject({ code: 1 });
});

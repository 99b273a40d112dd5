import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { NAVIGATION_RESERVE, RENDER_BURST } from '../../src/entry/page-cache/render-budget';
import { startNode } from './node-process';

/**
 * An anonymous client cannot keep the server rendering: past a burst, a page that would render for
 * its address answers 429 with Retry-After, whatever it tries (unknown paths, made-up sessions,
 * token headers), while cached pages and logged-in visitors are served as before.
 */
test.setTimeout(180_000);
const PORT = Number(process.env.E2E_PORT ?? 3210) + 50;
const origin = `http://localhost:${PORT}`;
const children: ChildProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-budget-'));
test.afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Past the burst a token comes back every 1/RENDERS_PER_S s, so on a busy machine one of a few quick
 * tries may render; a way past the budget would render them all.
 */
const mostlyRefused = (statuses: number[]) => statuses.filter((s) => s === 429).length >= statuses.length - 2;

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${pathname}`, { headers, redirect: 'manual' });

test('past its burst an anonymous address gets 429 for renders, not for cached pages or with a session', async () => {
  startNode(PORT, { RATE_LIMITS: 'true', DATA_DIR: dataDir }, children);
  const deadline = Date.now() + 120_000;
  while (
    (await get('/api/ready').then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'developer@example.com', password: 'dev12345' }),
  });
  const session = (login.headers.getSetCookie().find((c) => c.startsWith('maccms=')) ?? '').split(';')[0]!;
  expect(session).toMatch(/^maccms=./);
  expect((await get('/market')).status).toBe(200); // now in the cache

  // Prefetches (every link in view, all renders right after a change) stop short of the whole burst...
  const prefetch = { rsc: '1', 'next-router-prefetch': '1' };
  const prefetched: number[] = [];
  for (let i = 0; i < RENDER_BURST; i++) prefetched.push((await get(`/no-such-link-${i}`, prefetch)).status);
  const spent = RENDER_BURST - NAVIGATION_RESERVE;
  // (Next answers these made-up router requests with a redirect to its own `_rsc` address: still Next's work.)
  expect(prefetched.slice(0, spent - 5).every((s) => s !== 429)).toBe(true);
  expect(mostlyRefused(prefetched.slice(-5))).toBe(true);
  // ...so the click and the page loads that follow still render, until the reserve is spent too.
  expect((await get('/no-such-link-0', { rsc: '1' })).status).not.toBe(429);
  const statuses: number[] = [];
  for (let i = 0; i < NAVIGATION_RESERVE + 40; i++) statuses.push((await get(`/no-such-page-${i}`)).status);
  expect(statuses.slice(0, NAVIGATION_RESERVE - 5).every((s) => s === 404)).toBe(true);
  expect(mostlyRefused(statuses.slice(-5))).toBe(true);

  const refusedOf = async (pathname: string, headers: Record<string, string> = {}) => {
    for (let i = 0; i < 3; i++) {
      const res = await get(pathname, headers);
      if (res.status === 429) return res;
    }
    throw new Error(`${pathname} rendered three times in a row past the burst`);
  };
  const refused = await refusedOf('/no-such-page-again');
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.text()).toContain('秒后再试');
  const english = await (await refusedOf('/en-us/no-such-page')).text();
  expect(english).toContain('try again in');
  // The way back is the home page, which comes from the cache.
  expect(english).toContain('<a href="/en-us">MacCMS Pro</a>');
  // Nothing a client can add makes it render: a new query on a public page, a made-up session, a token,
  // a dot in the path. Each is tried five times: most are refused (a way past the budget renders all).
  // A search is new each time: one that renders once is then served from the cache, as it should be.
  const tries: [string, Record<string, string>][] = [
    ['/market/plug?name=new-search-{i}', {}],
    ['/en-us/no-such-page.svg', {}],
    ['/zh-tw/market/plug/1.', {}],
    ['/no-such-page', { cookie: 'maccms=made-up' }],
    ['/market', { token: 'made-up' }],
  ];
  for (const [pathname, headers] of tries) {
    const got: number[] = [];
    for (let i = 0; i < 5; i++) got.push((await get(pathname.replace('{i}', String(i)), headers)).status);
    expect(mostlyRefused(got), `${pathname}: ${got.join(', ')}`).toBe(true);
  }

  // What is cached still comes from the cache, and a parameter the page does not read changes nothing.
  const cached = await get('/market?utm_source=mail');
  expect(cached.status).toBe(200);
  expect(cached.headers.get('x-cache')).toMatch(/^(HIT|STALE)$/);
  // A logged-in visitor is counted on its account's budget, not its address's...
  expect((await get('/no-such-page', { cookie: session })).status).toBe(404);
  expect((await get('/user', { cookie: session })).status).toBe(200);
  // ...which a free account cannot spend without end either, on made-up paths or new searches.
  const own: number[] = [];
  for (let i = 0; i < RENDER_BURST + 20; i++)
    own.push((await get(`/no-such-page-${i}.svg`, { cookie: session })).status);
  expect(own.slice(0, RENDER_BURST - 10).every((s) => s === 404)).toBe(true);
  expect(mostlyRefused(own.slice(-5))).toBe(true);
  const searches: number[] = [];
  for (let i = 0; i < 5; i++)
    searches.push((await get(`/market/plug?name=another-search-${i}`, { cookie: session })).status);
  expect(mostlyRefused(searches)).toBe(true);
  // Files are not renders.
  expect((await get('/robots.txt')).status).toBe(200);
  expect((await get('/content/blog/clean-up-backdoor.svg')).status).toBe(200);
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS_OF_ONE_ADDRESS,
  FILE_ROUTES,
  NAVIGATION_RESERVE,
  pagePath,
  RENDER_BURST,
  RENDERS_PER_S,
  renderBudget,
} from './render-budget';

describe('the render budget of an anonymous address', () => {
  it('grants a burst, then renders at the steady rate, each address on its own', () => {
    let now = 1_000_000;
    const take = renderBudget(() => now);
    for (let i = 0; i < RENDER_BURST; i++) expect(take('203.0.113.7')).toBe(0);
    const wait = take('203.0.113.7');
    expect(wait).toBe(Math.ceil(1 / RENDERS_PER_S));
    // Another address still has its whole burst.
    expect(take('198.51.100.1')).toBe(0);
    // One render per 1/RENDERS_PER_S seconds comes back, never more than the burst.
    now += 1000 / RENDERS_PER_S;
    expect(take('203.0.113.7')).toBe(0);
    expect(take('203.0.113.7')).toBeGreaterThan(0);
    now += 3_600_000;
    for (let i = 0; i < RENDER_BURST; i++) expect(take('203.0.113.7')).toBe(0);
    expect(take('203.0.113.7')).toBeGreaterThan(0);
  });

  it('keeps a reserve that prefetches cannot spend, so a click after many prefetched links still renders', () => {
    let now = 1_000_000;
    const take = renderBudget(() => now);
    const prefetches = [];
    for (let i = 0; i < RENDER_BURST; i++) prefetches.push(take('203.0.113.7', NAVIGATION_RESERVE));
    expect(prefetches.filter((wait) => wait === 0)).toHaveLength(RENDER_BURST - NAVIGATION_RESERVE);
    expect(prefetches.at(-1)).toBe(Math.ceil(1 / RENDERS_PER_S));
    // Navigations and page loads still have the reserve, then nothing.
    for (let i = 0; i < NAVIGATION_RESERVE; i++) expect(take('203.0.113.7')).toBe(0);
    expect(take('203.0.113.7')).toBeGreaterThan(0);
    // Refilled tokens go to a prefetch only once the reserve is whole again.
    now += (NAVIGATION_RESERVE / RENDERS_PER_S) * 1000;
    expect(take('203.0.113.7', NAVIGATION_RESERVE)).toBeGreaterThan(0);
    now += 1000 / RENDERS_PER_S;
    expect(take('203.0.113.7', NAVIGATION_RESERVE)).toBe(0);
  });

  it('gives all accounts of one address a larger budget of their own', () => {
    const now = 1_000_000;
    const take = renderBudget(() => now, ACCOUNTS_OF_ONE_ADDRESS);
    for (let i = 0; i < ACCOUNTS_OF_ONE_ADDRESS.burst; i++) expect(take('203.0.113.7')).toBe(0);
    expect(take('203.0.113.7')).toBe(Math.ceil(1 / ACCOUNTS_OF_ONE_ADDRESS.perSecond));
    expect(ACCOUNTS_OF_ONE_ADDRESS.burst).toBeGreaterThan(RENDER_BURST);
  });

  it('counts pages (a 404 included, dots or not), not calls or files', () => {
    for (const path of [
      '/',
      '/market',
      '/en-us/no/such/page',
      '/user',
      '/market/plug/99999',
      '/en-us/made-up.svg',
      '/zh-tw/market/plug/1.',
      '/content/blog/no-such-post.svg',
      '/%E0%A4%A',
    ])
      expect(pagePath(path), path).toBe(true);
    for (const path of [
      '/api/market/center',
      '/yapi/maccms/x',
      '/resource-api/provide/vod',
      '/_next/static/a.js',
    ])
      expect(pagePath(path), path).toBe(false);
    for (const path of [...FILE_ROUTES, '/content/blog/clean-up-backdoor.svg', '/licenses/mit.svg'])
      expect(pagePath(path), path).toBe(false);
  });

  it('knows every file route of the app', () => {
    const app = fs.readdirSync(path.join(process.cwd(), 'src/app'));
    const files = app.filter((name) => name.includes('.') && !/\.tsx?$/.test(name)).map((name) => `/${name}`);
    const metadata = app.includes('robots.ts') ? ['/robots.txt'] : [];
    expect([...FILE_ROUTES].sort()).toEqual([...files, ...metadata].sort());
  });
});

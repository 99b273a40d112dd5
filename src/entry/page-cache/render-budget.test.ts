import { describe, expect, it } from 'vitest';
import { pagePath, RENDER_BURST, RENDERS_PER_S, renderBudget } from './render-budget';

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

  it('counts pages (a 404 included), not calls or static files', () => {
    for (const path of ['/', '/market', '/en-us/no/such/page', '/user', '/market/plug/99999'])
      expect(pagePath(path), path).toBe(true);
    for (const path of [
      '/api/market/center',
      '/yapi/maccms/x',
      '/resource-api/provide/vod',
      '/_next/static/a.js',
    ])
      expect(pagePath(path), path).toBe(false);
    for (const path of ['/favicon.ico', '/robots.txt', '/rss.xml']) expect(pagePath(path), path).toBe(false);
  });
});

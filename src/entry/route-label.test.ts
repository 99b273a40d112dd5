import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeLabels } from './route-label';

/**
 * The routes of this source tree as `next build` lists them: folders of page and route files, route
 * groups `(name)` left out.
 */
function appRoutes(dir = path.join(process.cwd(), 'src/app'), prefix = ''): string[] {
  const routes: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const segment = /^\(.+\)$/.test(entry.name) ? '' : `/${entry.name}`;
      routes.push(...appRoutes(path.join(dir, entry.name), prefix + segment));
    } else if (/^(page|route)\.tsx?$/.test(entry.name)) routes.push(prefix || '/');
  }
  return routes;
}

const label = routeLabels(appRoutes(), fs.readdirSync(path.join(process.cwd(), 'public')));

describe('route labels for the metrics', () => {
  it.each([
    ['/market/plug/42', 200, '/market/plug/:id'],
    ['/market/plug/add', 200, '/market/plug/add'],
    ['/en-us/market/plug/42', 200, '/market/plug/:id'],
    ['/zh-tw', 200, '/'],
    ['/', 200, '/'],
    ['/api/market/center', 200, '/api/market/center'],
    ['/api/developer/file/market/pkg/1f/x.zip', 200, '/api/developer/file/*'],
    ['/api/developer/feedback_media/3/a.png', 200, '/api/developer/feedback_media/:id/:name'],
    ['/yapi/maccms/isfake', 200, '/yapi/:product/isfake'],
    ['/resource-api/provide/vod', 200, '/resource-api/provide/vod'],
    ['/resource-api/provide/vod/at/xml', 200, '/resource-api/provide/vod/*'],
    ['/_next/static/chunks/abc.js', 200, '/_next/*'],
    ['/content/blog/collect-resources.svg', 200, '/content/*'],
    ['/api/no/such/thing/at/all', 404, 'unmatched'],
  ])('%s (%i) → %s', (pathname, status, expected) => {
    expect(label(pathname, status)).toBe(expected);
  });

  it('gives every path no route claims one label, whatever it answered', () => {
    // Unknown pages redirect (a language prefix), are rate limited, or fall to a catch-all 404.
    const paths = [
      '/zh-cn/x7f3a',
      '/x7f3a/b9',
      '/en-us/market/plug/42/extra',
      '/api/x7f3a',
      '/yapi/maccms/x7f3a',
      '/dapi/maccms/x7f3a/b9',
      '/wp-login.php',
      '/api/health/x7f3a',
    ];
    for (const status of [200, 307, 308, 404, 429, 500])
      for (const p of paths) expect(label(p, status), `${p} ${status}`).toBe('unmatched');
  });

  it('labels every page and route of the app by its own pattern', () => {
    const labels = new Set<string>();
    for (const route of appRoutes()) {
      const sample = route
        .replace('[locale]', 'en-us')
        .replace(/\[\[?\.\.\.[^\]]+\]\]?/g, 'a/b')
        .replace(/\[[^\]]+\]/g, '7');
      const got = label(sample, 200);
      if (!route.includes('[...rest]')) expect(got, route).not.toBe('unmatched');
      labels.add(got);
    }
    expect(labels.size).toBeGreaterThan(80);
  });
});

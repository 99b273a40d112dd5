import { expect, test } from '@playwright/test';
import { rawGet } from '../support/raw-http';

/**
 * What the production server (src/entry) decides before Next, against the served build: bounded
 * metric labels from the build's route list, /metrics for a scraper beside the node only, paths
 * that cannot be decoded, and the strict policy of served uploads.
 */
const origin = () => test.info().project.use.baseURL!;

/** A GET with exactly these headers (browsers and fetch add their own). */
const get = (path: string, headers: Record<string, string> = {}) => rawGet(`${origin()}${path}`, headers);

test('paths no route claims add no metric series, whatever they answer', async () => {
  const random = Array.from({ length: 20 }, (_, i) => `q${Date.now().toString(36)}${i}`);
  const statuses = new Set<number>();
  for (const p of random)
    for (const path of [
      `/zh-cn/${p}`,
      `/${p}`,
      `/api/${p}/x`,
      `/en-us/market/plug/${p}/x`,
      `/yapi/maccms/${p}`,
    ])
      statuses.add((await get(path)).status);
  expect(statuses).toContain(307); // the default language's prefix is dropped with a redirect
  expect(statuses).toContain(404);
  await get('/');
  const metrics = await get('/metrics', { 'user-agent': 'Prometheus/3.0', accept: 'text/plain' });
  expect(metrics.status).toBe(200);
  for (const p of random) expect(metrics.text).not.toContain(p);
  const routes = new Set(
    [...metrics.text.matchAll(/portal_http_requests_total\{[^}]*route="([^"]*)"/g)].map((m) => m[1]),
  );
  expect(routes).toContain('/');
  expect(routes).toContain('unmatched');
  for (const route of routes) expect(route).toMatch(/^(unmatched|\/[\w.:*/-]*)$/);
});

test('/metrics refuses a request a proxy on this machine forwarded, whatever it calls the visitor', async () => {
  for (const header of ['cf-connecting-ip', 'true-client-ip', 'x-forwarded-for', 'via']) {
    const res = await get('/metrics', { [header]: '203.0.113.9' });
    expect(res.status, header).toBe(404);
    expect(res.text).not.toContain('portal_http_requests_total');
  }
});

test('a path with a malformed % escape answers 400, on pages and on the API', async () => {
  for (const path of ['/market/%zz', '/en-us/blog/%E4%B8', '/api/user/%', '/resource-api/provide/vod/wd/%FF'])
    expect((await get(path)).status, path).toBe(400);
  const api = await get('/api/market/%zz', { lang: 'en-us' });
  expect(JSON.parse(api.text)).toEqual({
    code: 0,
    msg: 'The address contains a malformed % escape',
    info: null,
  });
});

test('a NUL character in the collection API is a 400, in the query or the path', async () => {
  expect((await get('/resource-api/provide/vod?ac=list&wd=%00')).status).toBe(400);
  expect((await get('/resource-api/provide/vod/ac/list/wd/%00')).status).toBe(400);
});

test('a served package keeps its strict policy instead of the pages’ one', async ({ request }) => {
  const list = await request.post('/api/market/center', { form: { type: 'plugins', limit: '60' } });
  const items = (await list.json()).info.list as { id: number; toll: number }[];
  const free = items.find((item) => Number(item.toll) === 0);
  expect(free, 'a released free demo plugin').toBeTruthy();
  const detail = await request.post('/api/market_plugins/detail', { form: { id: String(free!.id) } });
  const source = (await detail.text()).match(/\/api\/developer\/file\/[^"]+/)?.[0];
  expect(source, 'a package address').toBeTruthy();
  const file = await request.get(source!.replaceAll('\\/', '/'));
  expect(file.status()).toBe(200);
  expect(file.headers()['content-security-policy']).toBe("default-src 'none'");
  expect(file.headers()['x-content-type-options']).toBe('nosniff');
});

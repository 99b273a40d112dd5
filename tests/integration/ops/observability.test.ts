import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalRequests } from '@/entry/portal-requests';
import { routeLabels } from '@/entry/route-label';
import { onRequestError } from '@/instrumentation';
import { logFor } from '@/server/log';
import { logged } from '../../support/logs';
import { rawGet } from '../../support/raw-http';

/** Our HTTP server's part of every request: an id on every log line, metrics, and /metrics. */
let origin = '';
let server: http.Server;
const ROUTES = ['/[locale]/market/plug/[id]', '/[locale]/[...rest]', '/api/health', '/api/[...rest]'];
beforeAll(async () => {
  const log = logFor('test');
  const pass = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url === '/page-fails') {
      // A page whose render throws: Next reports it to instrumentation and answers 500.
      setTimeout(async () => {
        await onRequestError(new Error('render broke'), { path: req.url, method: req.method });
        res.writeHead(500).end();
      }, 5);
      return;
    }
    // Work done while answering, logging as the portal's services do, secrets included by mistake.
    setTimeout(() => {
      log.info({ user: { email: 'a@example.com', password: 'hunter22' }, token: 'abc' }, 'handled');
      // What Next answers an unknown path: a redirect to drop the default language's prefix, a
      // rate limit, or the catch-all's 404.
      const url = req.url ?? '/';
      const status = url.startsWith('/market/plug/')
        ? 200
        : url.startsWith('/zh-cn/')
          ? 307
          : url.startsWith('/api/')
            ? 429
            : 404;
      res.writeHead(status).end('ok');
    }, 5);
  };
  server = http.createServer(portalRequests(routeLabels(ROUTES), pass));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

/** A request with exactly these headers (fetch adds its own: Accept-Language, Sec-Fetch-Mode). */
const get = (path: string, headers: Record<string, string> = {}) => rawGet(`${origin}${path}`, headers);

describe('logs and metrics', () => {
  it('gives every request an id, answers it, and puts it on every line logged while answering', async () => {
    const a = await fetch(`${origin}/market/plug/7`);
    const b = await fetch(`${origin}/market/plug/8`);
    const ids = [a.headers.get('x-request-id'), b.headers.get('x-request-id')];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    const lines = logged('handled');
    expect(lines.map((l) => l.request_id)).toEqual(ids);
    expect(lines[0]).toMatchObject({
      area: 'test',
      user: { email: 'a@example.com', password: '[redacted]' },
      token: '[redacted]',
    });
  });

  it('logs a page that failed as one JSON line with the id its 500 answered', async () => {
    const res = await fetch(`${origin}/page-fails`);
    expect(res.status).toBe(500);
    const [line] = logged('page failed');
    expect(line).toMatchObject({
      area: 'page',
      path: '/page-fails',
      request_id: res.headers.get('x-request-id'),
    });
    expect(String((line?.err as { message?: string })?.message)).toBe('render broke');
  });

  it('does not take a request id from a client when no trusted proxy stands in front', async () => {
    const res = await fetch(`${origin}/market/plug/9`, {
      headers: { 'x-request-id': 'chosen-by-client-123' },
    });
    expect(res.headers.get('x-request-id')).not.toBe('chosen-by-client-123');
  });

  it('counts requests per route with bounded labels, for callers on this machine only', async () => {
    await fetch(`${origin}/market/plug/10`);
    await fetch(`${origin}/no/such/page/${Date.now()}`);
    const { text } = await get('/metrics', { accept: 'text/plain', 'user-agent': 'Prometheus/3.0' });
    expect(text).toMatch(
      /portal_http_requests_total\{method="GET",route="\/market\/plug\/:id",status="2xx"\} \d+/,
    );
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="unmatched",status="4xx"\} \d+/);
    expect(text).toContain('portal_http_request_duration_seconds_bucket');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).not.toMatch(/no\/such\/page/);
  });

  it('keeps one series for paths no route claims, whatever they answered', async () => {
    const random = Array.from({ length: 30 }, (_, i) => `x${Date.now().toString(36)}${i}`);
    for (const p of random) {
      await fetch(`${origin}/zh-cn/${p}`, { redirect: 'manual' }); // 307
      await fetch(`${origin}/api/${p}/more`); // 429
      await fetch(`${origin}/${p}`); // 404
    }
    const { text } = await get('/metrics');
    for (const p of random) expect(text).not.toContain(p);
    for (const status of ['3xx', '4xx'])
      expect(text).toMatch(
        new RegExp(`portal_http_requests_total\\{method="GET",route="unmatched",status="${status}"\\} \\d+`),
      );
    const routes = new Set(
      [...text.matchAll(/portal_http_requests_total\{[^}]*route="([^"]*)"/g)].map((m) => m[1]),
    );
    expect([...routes].sort()).toEqual(['/market/plug/:id', 'unmatched']);
  });

  it('does not answer /metrics to a caller a proxy on this machine forwarded, whatever the header', async () => {
    // deploy/nginx.conf passes every visitor from 127.0.0.1 and says who it was in a header; other
    // proxies and CDNs name it otherwise.
    const headers = [
      'x-forwarded-for',
      'x-real-ip',
      'forwarded',
      'cf-connecting-ip',
      'true-client-ip',
      'x-client-ip',
      'via',
    ];
    for (const header of headers) {
      const res = await get('/metrics', { [header]: '203.0.113.9' });
      expect(res.status, header).toBe(404);
      expect(res.text).not.toContain('portal_http_requests_total');
    }
    expect((await get('/metrics', { 'user-agent': 'Prometheus/3.0' })).status).toBe(200);
  });
});

describe('paths that cannot be decoded', () => {
  it.each([
    ['/en-us/market/%zz', 'text/plain', 'The address contains a malformed % escape', 'en-us'],
    ['/market/plug/%E4%B8', 'text/plain', '网址中含有格式错误的 % 转义', 'zh-cn'],
    ['/api/user/%', 'application/json', '網址中含有格式錯誤的 % 跳脫字元', 'zh-tw'],
    ['/resource-api/provide/vod/wd/%FF', 'application/json', '网址中含有格式错误的 % 转义', 'zh-cn'],
  ])(
    "%s answers 400 in the caller's language (a page's by its URL, a call's by its header)",
    async (path, type, msg, locale) => {
      const headers: Record<string, string> = type === 'text/plain' ? {} : { lang: locale };
      const res = await get(path, headers);
      expect(res.status).toBe(400);
      expect(type === 'text/plain' ? res.text : JSON.parse(res.text)).toEqual(
        type === 'text/plain' ? msg : { code: 0, msg, info: null },
      );
    },
  );

  it('still passes a well-formed escape and a % in the query on', async () => {
    expect((await get('/market/plug/%37')).status).toBe(200);
    expect((await get('/market/plug/7?q=100%')).status).toBe(200);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from '@/entry/metrics-endpoint';
import { observe } from '@/entry/observe';
import { onRequestError } from '@/instrumentation';
import { logFor } from '@/server/ops/log';
import { logged } from '../../support/logs';

/** Our HTTP server's part of every request: an id on every log line, metrics, and /metrics. */
let origin = '';
let server: http.Server;
beforeAll(async () => {
  const log = logFor('test');
  server = http.createServer((req, res) => {
    if (req.url === '/metrics') return void serveMetrics(req, res);
    observe(req, res, () => {
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
        res.writeHead(req.url?.startsWith('/market/plug/') ? 200 : 404).end('ok');
      }, 5);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

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
    const text = await (await fetch(`${origin}/metrics`)).text();
    expect(text).toMatch(
      /portal_http_requests_total\{method="GET",route="\/market\/plug\/:id",status="2xx"\} \d+/,
    );
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="unmatched",status="4xx"\} \d+/);
    expect(text).toContain('portal_http_request_duration_seconds_bucket');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).not.toMatch(/no\/such\/page/);
  });

  it('does not answer /metrics to a caller a proxy on this machine forwarded', async () => {
    // deploy/nginx.conf passes every visitor from 127.0.0.1 and says who it was in these headers.
    for (const header of ['x-forwarded-for', 'x-real-ip', 'forwarded']) {
      const res = await fetch(`${origin}/metrics`, { headers: { [header]: '203.0.113.9' } });
      expect(res.status, header).toBe(404);
      expect(await res.text()).not.toContain('portal_http_requests_total');
    }
  });
});

import type { IncomingMessage, ServerResponse } from 'node:http';
import { env } from '../server/config/env';
import { metrics } from '../server/ops/metrics';

const shared = globalThis as unknown as { __portalPoolStats?: () => Record<string, number> };
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
/**
 * What a scraper beside the node sends (Prometheus, its agents, curl). A proxy adds a header of its
 * own to say whom it forwards (X-Forwarded-For, X-Real-IP, CF-Connecting-IP, True-Client-IP, Via…)
 * and passes on whatever else the visitor sent, so any other header makes the request a stranger's.
 */
const SCRAPER_HEADERS = new Set([
  'host',
  'user-agent',
  'accept',
  'accept-encoding',
  'connection',
  'x-prometheus-scrape-timeout-seconds',
]);

/**
 * `/metrics` in Prometheus's text format: with METRICS_TOKEN, for `Authorization: Bearer <token>`;
 * without it, for callers on this machine only (a scraper or an agent beside the node). A request
 * a proxy forwarded comes from this machine too (deploy/nginx.conf dials 127.0.0.1) but on behalf
 * of anyone: it is answered only when it carries nothing but what a scraper sends.
 */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse) {
  const token = env().METRICS_TOKEN;
  const allowed = token
    ? req.headers.authorization === `Bearer ${token}`
    : LOOPBACK.test(req.socket.remoteAddress ?? '') &&
      Object.keys(req.headers).every((name) => SCRAPER_HEADERS.has(name));
  if (!allowed) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const m = metrics();
  for (const [state, value] of Object.entries(shared.__portalPoolStats?.() ?? {}))
    m.pool.set({ state }, value);
  res.writeHead(200, { 'content-type': m.registry.contentType, 'cache-control': 'no-store' });
  res.end(await m.registry.metrics());
}

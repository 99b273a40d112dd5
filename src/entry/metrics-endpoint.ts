import type { IncomingMessage, ServerResponse } from 'node:http';
import { env } from '../server/config/env';
import { FORWARDING } from '../server/http/forwarded';
import { metrics } from '../server/ops/metrics';

const shared = globalThis as unknown as { __portalPoolStats?: () => Record<string, number> };
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * `/metrics` in Prometheus's text format: with METRICS_TOKEN, for `Authorization: Bearer <token>`;
 * without it, for callers on this machine only (a scraper or an agent beside the node). A request
 * a proxy forwarded comes from this machine too (deploy/nginx.conf dials 127.0.0.1) but on behalf
 * of anyone: the headers a proxy adds to say so make it a stranger's.
 */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse) {
  const token = env().METRICS_TOKEN;
  const allowed = token
    ? req.headers.authorization === `Bearer ${token}`
    : LOOPBACK.test(req.socket.remoteAddress ?? '') && !FORWARDING.some((name) => name in req.headers);
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

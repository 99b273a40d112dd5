import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { env } from '../server/config/env';
import { logFor, requestScope } from '../server/log';
import { metrics } from '../server/ops/metrics';
import type { RouteLabel } from './route-label';

const log = logFor('http');
const GIVEN_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives a request its id (a trusted proxy's X-Request-Id, else a new one), answers it in
 * X-Request-Id, records its route (as `routeLabel` names it), status and duration, and runs `next`
 * in its log scope so every line logged while answering it carries the id.
 */
export function observe(req: IncomingMessage, res: ServerResponse, routeLabel: RouteLabel, next: () => void) {
  const given = env().TRUST_PROXY > 0 ? req.headers['x-request-id'] : undefined;
  const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
  res.setHeader('x-request-id', id);
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const method = req.method ?? 'GET';
    const route = routeLabel((req.url ?? '/').split('?')[0] ?? '/', res.statusCode);
    const m = metrics();
    m.requests.inc({ method, route, status: `${Math.floor(res.statusCode / 100)}xx` });
    m.duration.observe({ method, route }, seconds);
    requestScope().run({ id }, () =>
      log.debug({ method, route, status: res.statusCode, ms: Math.round(seconds * 1000) }, 'request'),
    );
  });
  requestScope().run({ id }, next);
}

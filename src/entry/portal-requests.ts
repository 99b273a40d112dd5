import type { IncomingMessage, ServerResponse } from 'node:http';
import { oneCookieEach } from '../server/http/cookies';
import { isMalformedPath, refuseMalformedPath } from './malformed-path';
import { serveMetrics } from './metrics-endpoint';
import { normalizeMachineUrl } from './normalize-url';
import { observe } from './observe';
import { outageStatus } from './outage-status';
import type { RouteLabel } from './route-label';

type Pass = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * What the production server decides before Next sees a request, in order: machine-client URLs
 * are normalised, each cookie name is kept once (the portal's one reading), a path that cannot be decoded is refused, /metrics is answered here, and every
 * other request gets its id, its metrics and the 503-during-an-outage status, then goes on to
 * `pass` (the page cache, then Next).
 */
export function portalRequests(routeLabel: RouteLabel, pass: Pass) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.url) req.url = normalizeMachineUrl(req.url);
    // Every cookie name once, as the portal reads it: no parser after this one can read another value.
    const cookie = oneCookieEach(req.headers.cookie);
    if (cookie) req.headers.cookie = cookie;
    else delete req.headers.cookie;
    if (req.url === '/metrics') return void serveMetrics(req, res);
    outageStatus(res);
    observe(req, res, routeLabel, () => {
      if (isMalformedPath(req.url ?? '/')) return refuseMalformedPath(req, res);
      pass(req, res);
    });
  };
}

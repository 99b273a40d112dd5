import http from 'node:http';
import next from 'next';
import { env } from '../server/config/env';
import { logFor } from '../server/log';
import { capConnectionsPerAddress } from './connection-cap';
import { nextHostname } from './next-hostname';
import { listenForChanges } from './page-cache/listen-changes';
import { pageCache } from './page-cache/serve';
import { portalRequests } from './portal-requests';
import { builtRouteLabels } from './route-label';

const log = logFor('server');
/** Open connections one address may hold (a browser uses six per host; a page cache warmer a few more). */
const CONNECTIONS_PER_ADDRESS = 64;

/**
 * The production server: Next's request handler behind a plain Node HTTP server, so the portal can
 * decide a few things before Next does (machine-client URLs, request ids and metrics, /metrics, the
 * anonymous page cache).
 */
async function main() {
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const hostname = config.HOST;
  // The port is taken before anything else starts (Next, the embedded database, the jobs): a port in
  // use stops the process with exit code 1 instead of leaving a node that runs jobs but serves nobody.
  let serve: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'retry-after': '5' }).end(); // starting
  };
  // Timeouts are checked every 5 s (Node's default, 30 s, let a 20 s limit run to 50).
  const server = http.createServer({ connectionsCheckingInterval: 5_000 }, (req, res) => serve(req, res));
  // A client that trickles its headers is dropped after 20 s (Node's default is a minute); a whole
  // request, a 20 MB package upload on a slow line included, still has Node's five minutes.
  server.headersTimeout = 20_000;
  if (!config.TRUST_PROXY) capConnectionsPerAddress(server, CONNECTIONS_PER_ADDRESS);
  await new Promise<void>((resolve) => {
    const cannotListen = (error: Error) => {
      log.fatal({ err: error, port: config.PORT, host: hostname }, 'cannot listen');
      process.exit(1);
    };
    server.once('error', cannotListen);
    server.listen(config.PORT, hostname, () => {
      server.off('error', cannotListen);
      resolve();
    });
  });
  const app = next({ dev: false, dir: process.cwd(), hostname: nextHostname(hostname), port: config.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  const local = hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname;
  const cache = config.PAGE_CACHE
    ? pageCache({ sessionCookie: config.PRODUCT, host: local, port: config.PORT, limits: config.RATE_LIMITS })
    : async (req: http.IncomingMessage, _res: http.ServerResponse, pass: (r: http.IncomingMessage) => void) =>
        pass(req);
  if (config.DATABASE_URL) listenForChanges(config.DATABASE_URL);
  const fail = (res: http.ServerResponse) => (error: unknown) => {
    log.error({ err: error }, 'request failed');
    if (!res.headersSent) res.writeHead(500).end();
  };
  serve = portalRequests(
    builtRouteLabels(config.NEXT_DIST_DIR),
    (req, res) =>
      void cache(req, res, (forwarded) => void handle(forwarded, res).catch(fail(res))).catch(fail(res)),
  );
  log.info({ url: `http://${hostname}:${config.PORT}` }, 'listening');
}

void main();

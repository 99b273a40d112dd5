import http from 'node:http';
import next from 'next';
import { env } from '../server/config/env';
import { logFor } from '../server/ops/log';
import { serveMetrics } from './metrics-endpoint';
import { normalizeMachineUrl } from './normalize-url';
import { observe } from './observe';
import { outageStatus } from './outage-status';

const log = logFor('server');

/**
 * The production server: Next's request handler behind a plain Node HTTP server, so the portal can
 * decide a few things before Next does (machine-client URLs, request ids and metrics, /metrics).
 */
async function main() {
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // Binding the host name `localhost` (not 127.0.0.1) keeps Next's locale redirect working.
  const hostname = config.HOST;
  const app = next({ dev: false, dir: process.cwd(), hostname, port: config.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = http.createServer((req, res) => {
    if (req.url) req.url = normalizeMachineUrl(req.url);
    if (req.url === '/metrics') return void serveMetrics(req, res);
    outageStatus(res);
    observe(req, res, () =>
      handle(req, res).catch((error: unknown) => {
        log.error({ err: error }, 'request failed');
        if (!res.headersSent) res.writeHead(500).end();
      }),
    );
  });
  server.listen(config.PORT, hostname, () => {
    log.info({ url: `http://${hostname}:${config.PORT}` }, 'listening');
  });
}

void main();

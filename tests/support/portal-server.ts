import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

type Handler = (request: Request, context: { params: Promise<Record<string, unknown>> }) => Promise<Response>;
type Route = {
  pattern: RegExp;
  load: () => Promise<Record<string, unknown>>;
  params?: (m: string[]) => Record<string, unknown>;
};

/**
 * The calls the CMS makes, served over real HTTP by the real route handlers: a client under test
 * (curl in PHP, fetch without redirects) sees status codes, headers and bodies as in production.
 */
const ROUTES: Route[] = [
  { pattern: /^\/api\/market\/center$/, load: () => import('@/app/api/market/center/route') },
  { pattern: /^\/api\/market\/feedback$/, load: () => import('@/app/api/market/feedback/route') },
  { pattern: /^\/api\/market_plugins\/detail$/, load: () => import('@/app/api/market_plugins/detail/route') },
  { pattern: /^\/api\/market_theme\/detail$/, load: () => import('@/app/api/market_theme/detail/route') },
  {
    pattern: /^\/api\/market_plugins\/verify_auth_code$/,
    load: () => import('@/app/api/market_plugins/verify_auth_code/route'),
  },
  {
    pattern: /^\/api\/market_theme\/verify_auth_code$/,
    load: () => import('@/app/api/market_theme/verify_auth_code/route'),
  },
  {
    pattern: /^\/api\/market_plugins\/plugins_download$/,
    load: () => import('@/app/api/market_plugins/plugins_download/route'),
  },
  {
    pattern: /^\/api\/market_theme\/theme_download$/,
    load: () => import('@/app/api/market_theme/theme_download/route'),
  },
  {
    pattern: /^\/api\/developer\/file\/(.+)$/,
    load: () => import('@/app/api/developer/file/[...key]/route'),
    params: ([, key = '']) => ({ key: key.split('/') }),
  },
  {
    pattern: /^\/api\/market\/package\/([^/]+)\/([^/]+)$/,
    load: () => import('@/app/api/market/package/[token]/[file]/route'),
    params: ([, token, file]) => ({ token, file }),
  },
  { pattern: /^\/resource-api\/provide\/vod$/, load: () => import('@/app/resource-api/provide/vod/route') },
  {
    pattern: /^\/resource-api\/provide\/vod\/(.+)$/,
    load: () => import('@/app/resource-api/provide/vod/[...params]/route'),
    params: ([, rest = '']) => ({ params: rest.split('/') }),
  },
];

async function answer(req: http.IncomingMessage, res: http.ServerResponse, origin: string) {
  const url = new URL(req.url ?? '/', origin);
  const route = ROUTES.find((r) => r.pattern.test(url.pathname));
  const handler = route ? ((await route.load())[req.method ?? 'GET'] as Handler | undefined) : undefined;
  if (!route || !handler) {
    res.writeHead(route ? 405 : 404).end();
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(name, value);
  headers.set('x-forwarded-for', req.socket.remoteAddress ?? '127.0.0.1');
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
  const match = route.pattern.exec(url.pathname) ?? [];
  const response = await handler(request, { params: Promise.resolve(route.params?.([...match]) ?? {}) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body)
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  res.end();
}

/** Starts the server on a free port of 127.0.0.1; answers its origin and a way to stop it. */
export async function startPortalServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  let origin = '';
  const server = http.createServer((req, res) => {
    answer(req, res, origin).catch((error) => {
      console.error(error);
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

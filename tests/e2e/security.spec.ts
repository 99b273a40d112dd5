import { type APIRequestContext, expect, test } from '@playwright/test';
import { signUp } from './support';

// The portal's own pages (same origin) logging in and saving the profile: account.spec.ts.

/**
 * Security against the served build: what Next's own server adds or keeps (forwarding headers,
 * next.config.ts headers, caching) cannot be seen through the route handlers alone.
 */

const expectSecurityHeaders = (headers: Record<string, string>, what: string) => {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['content-security-policy'], what).toContain("frame-ancestors 'self'");
  expect(headers['content-security-policy'], what).not.toContain('nonce-');
};

test('pages, API answers and static files carry the security headers', async ({ request }) => {
  const home = await request.get('/');
  expectSecurityHeaders(home.headers(), 'home');
  const script = (await home.text()).match(/src="(\/_next\/static\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  expectSecurityHeaders((await request.get(script!)).headers(), script!);
  expectSecurityHeaders((await request.get('/favicon.ico')).headers(), 'favicon');
  expectSecurityHeaders((await request.post('/api/user/user_info')).headers(), 'API');
  expectSecurityHeaders((await request.get('/en-us/blog/clean-up-backdoor')).headers(), 'blog post');
  // Plain http here: no HSTS.
  expect(home.headers()['strict-transport-security']).toBeUndefined();
});

test('public pages stay cached with the CSP', async ({ request }) => {
  for (const path of ['/', '/en-us', '/en-us/blog/clean-up-backdoor']) {
    await request.get(path);
    const again = await request.get(path);
    expect(again.status(), path).toBe(200);
    expect(again.headers()['x-cache'], path).toMatch(/^(HIT|STALE)$/); // STALE: older than 60 s, refreshing
    expect(again.headers()['cache-control'], path).toMatch(/s-maxage=\d+/);
  }
  const [a, b] = [await request.get('/'), await request.get('/')];
  expect(a.headers()['content-security-policy']).toBe(b.headers()['content-security-policy']);
});

async function freePlugin(request: APIRequestContext): Promise<number> {
  const list = await request.post('/api/market/center', { form: { type: 'plugins', limit: '60' } });
  const items = (await list.json()).info.list as { id: number; toll: number }[];
  const free = items.find((item) => Number(item.toll) === 0);
  expect(free, 'a released free demo plugin').toBeTruthy();
  return free!.id;
}

test('a client cannot choose its address with X-Forwarded-For (TRUST_PROXY off)', async ({ request }) => {
  const id = await freePlugin(request);
  // Without a device id, downloads count once per address and day: claiming new addresses used to
  // count every call.
  const download = async (claimed: string) => {
    const res = await request.post('/api/market_plugins/plugins_download', {
      form: { id: String(id) },
      headers: { 'x-forwarded-for': claimed, 'x-real-ip': claimed },
    });
    const body = await res.json();
    expect(body.code).toBe(1);
    return Number(body.info.download_num);
  };
  const first = await download('198.51.100.1');
  const second = await download('198.51.100.2');
  const third = await download('203.0.113.9, 198.51.100.3');
  expect([second, third]).toEqual([first, first]);
});

test('a form another site posts with the visitor’s cookie is refused', async ({ page, request }) => {
  const email = `csrf-${Date.now()}@example.com`;
  const { token } = await signUp(request, { email, password: 'secret123' });
  const { hostname, port } = new URL(test.info().project.use.baseURL!);
  await page
    .context()
    .addCookies([
      { name: 'maccms', value: token, domain: hostname, path: '/', sameSite: 'None', secure: true },
    ]);

  // A page of another site whose form posts JSON as text/plain, the one body type a form can send
  // that the API reads as JSON. (SameSite=None here: the test stands for a browser or a sibling
  // site that would still send the cookie.)
  await page.route('http://evil.example/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" enctype="text/plain" action="http://${hostname}:${port}/api/user/user_info">
        <input name='{"type":"update","name":"Hacked","site":"http://evil.example","email":"${email}","x":"' value='"}'>
      </form><script>document.forms[0].submit()</script>`,
    }),
  );
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/user/user_info'));
  await page.goto('http://evil.example/');
  const response = await answer;
  expect(response.status()).toBe(403);
  expect((await response.json()).code).toBe(0);

  const me = await request.post('/api/user/user_info', { data: { type: 'info' }, headers: { token } });
  expect((await me.json()).info.name).not.toBe('Hacked');
});

test('a client that trickles its headers is answered 408 and let go within half a minute', async ({
  baseURL,
}) => {
  test.setTimeout(45_000);
  const { connect } = await import('node:net');
  const url = new URL(baseURL!);
  const socket = connect(Number(url.port), url.hostname);
  socket.write(`GET / HTTP/1.1\r\nHost: ${url.host}\r\n`); // and never the blank line
  const started = Date.now();
  const answer = await new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('close', () => resolve(text));
  });
  expect(answer).toMatch(/^HTTP\/1\.1 408/);
  // 20 s allowed for the headers, checked every 5 s.
  expect(Date.now() - started).toBeLessThan(30_000);
});

test('one address cannot hold more than 64 connections open at once', async ({ baseURL }) => {
  const { connect } = await import('node:net');
  const url = new URL(baseURL!);
  const sockets = Array.from({ length: 72 }, () => connect(Number(url.port), url.hostname));
  const closed = sockets.map(
    (s) =>
      new Promise<boolean>((resolve) =>
        s.once('close', () => resolve(true)).setTimeout(2_000, () => resolve(false)),
      ),
  );
  const closedAtOnce = (await Promise.all(closed)).filter(Boolean).length;
  for (const s of sockets) s.destroy();
  // Connections the test's own browser context may hold count too: a few more can be closed.
  expect(closedAtOnce).toBeGreaterThanOrEqual(8);
  expect(closedAtOnce).toBeLessThanOrEqual(14);
  // The address is let in again once its connections are gone.
  await expect.poll(async () => (await fetch(`${baseURL}/api/ready`)).status).toBe(200);
});

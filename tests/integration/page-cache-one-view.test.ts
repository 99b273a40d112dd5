import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { parseCookie } from 'next/dist/compiled/@edge-runtime/cookies';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALL_RENDERS } from '@/entry/page-cache/render-budget';
import { FRESH_S } from '@/entry/page-cache/rules';
import { pageCache } from '@/entry/page-cache/serve';
import { shellUserOfToken } from '@/server/accounts/page-user';
import { presentUser } from '@/server/accounts/present';
import { provideShellUser } from '@/server/accounts/shell-template';
import { readCookie } from '@/server/http/cookies';
import { findSessionUser } from '@/server/identity/sessions';
import { type Front, startFront } from '../../bench/front';
import { php } from '../support/cms/php';
import { type Registered, registerUser } from '../support/factories';
import { freePort, type RawAnswer, rawGet } from '../support/raw-http';

/**
 * The page cache in front of a stand-in for Next that reads the session cookie with Next's own
 * parser (the last value wins) and compresses with Next's own compression middleware (gzip, deflate,
 * whatever the client names): the two ways of reading a request an attacker could play against each
 * other. Whatever they send, no personal answer is kept, and no answer is kept in an encoding its
 * key does not name: against the app alone and through deploy/nginx.conf in front of it.
 */
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void;

const compress = compression();
const seen: { url: string; refresh: boolean; encoding?: string }[] = [];
let origin = '';
let front: Front;
let server: http.Server;
let account: Registered;

/** What Next would do: the session as its `cookies()` reads it, the account in the page's data. */
function standIn(req: IncomingMessage, res: ServerResponse) {
  seen.push({
    url: req.url ?? '',
    refresh: req.headers['x-page-cache-refresh'] !== undefined,
    encoding: req.headers['accept-encoding'] as string | undefined,
  });
  compress(req, res, async () => {
    const token = parseCookie(String(req.headers.cookie ?? '')).get('maccms');
    // next-intl sends a visitor whose cookie names another language to that language's address. The
    // server's entry hands Next each cookie once (cookies.ts oneCookieEach), so it reads what we read.
    const language = readCookie(req.headers.cookie, 'NEXT_LOCALE');
    if (req.url && !/^\/(?:api|en-us|zh-tw)(?:\/|$)/.test(req.url) && language && language !== 'zh-cn') {
      res.writeHead(307, { location: `/${language}${req.url}` }).end();
      return;
    }
    const row = token ? await findSessionUser(token) : undefined;
    // A page that forgets the session rule (the cache's last guard has to catch it).
    const leak = req.headers['x-test-leak'] ? account : undefined;
    const user = row ? presentUser(row) : (leak?.user ?? null);
    const filler = 'x'.repeat(4000); // over the compression threshold
    if (req.url?.startsWith('/_next/static/')) {
      // Build files: kept a year by any cache, compressed as negotiated like everything Next sends.
      res.setHeader('content-type', 'application/javascript; charset=utf-8');
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      res.end(`console.log(${JSON.stringify(filler)});`);
      return;
    }
    if (req.url?.startsWith('/api/')) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 1, msg: '', info: { filler } }));
      return;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    const data = JSON.stringify(JSON.stringify({ initialUser: user }));
    res.end(`<!doctype html><html><body><p>${filler}</p><script>self.__next_f.push([1,${data}])</script>`);
  });
}

/** A raw request: headers exactly as given (an array sends the header once per value). */
const get = (path: string, headers: http.OutgoingHttpHeaders = {}, base = origin) =>
  rawGet(`${base}${path}`, headers);

const unique = () => Math.random().toString(36).slice(2);

/** A page load of a visitor whose language cookie is set (next-intl sets it on the first visit). */
const LANGUAGE = 'NEXT_LOCALE=zh-cn';
const page = (path: string, cookie: string | string[] = [], base = origin) =>
  get(path, { cookie: Array.isArray(cookie) ? [...cookie, LANGUAGE] : `${cookie}; ${LANGUAGE}` }, base);

/** Every attack goes to the app alone and through nginx configured by deploy/nginx.conf. */
const TARGETS = [
  ['the app', () => origin],
  ['nginx in front', () => front.origin.replace('localhost', '127.0.0.1')],
] as const;

beforeAll(async () => {
  // As the server's instrumentation does: the cache looks sessions up through the app.
  provideShellUser(shellUserOfToken);
  account = await registerUser();
  let cache: ReturnType<typeof pageCache> | undefined;
  server = http.createServer((req, res) => void cache?.(req, res, (forwarded) => standIn(forwarded, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  cache = pageCache({ sessionCookie: 'maccms', host: '127.0.0.1', port, limits: true });
  front = await startFront([`127.0.0.1:${port}`], await freePort());
});

afterAll(async () => {
  await front?.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  vi.useRealTimers();
});

describe.each(TARGETS)('through %s', (_, target) => {
  const variants = (token: string): [string, string | string[]][] => [
    ['an empty session cookie first', `maccms=; maccms=${token}`],
    ['a tab for a value first', `maccms=\t; maccms=${token}`],
    ['two Cookie headers', ['maccms=', `maccms=${token}`]],
    ['the session first, an empty one after', `maccms=${token}; maccms=`],
    ['a space-padded name', ` maccms =; \tmaccms=${token}`],
  ];
  const cms = (url: string) => php<{ status: number; json: boolean; error: string }>('fetch.php', [url]);
  const cached = (answer: RawAnswer) => [answer.headers['x-cache'], answer.headers['x-front-cache']];

  it('answers a logged-in visitor privately and keeps nothing, however the cookie is written', async () => {
    for (const [name, cookie] of variants(account.token)) {
      const path = `/helpCenter?q=${unique()}`;
      const mine = await page(path, cookie, target());
      expect(mine.status, name).toBe(200);
      expect(mine.headers['cache-control'], name).toBe('private, no-store');
      const stranger = await page(path, [], target());
      expect(stranger.text, name).not.toContain(account.email);
      expect(stranger.text, name).toContain('"initialUser\\":null');
      expect(cached(stranger), name).not.toContain('HIT');
      // On a page already kept for strangers, the visitor still gets their own page, not the kept one.
      expect((await page(path, cookie, target())).headers['cache-control'], name).toBe('private, no-store');
      expect((await page(path, [], target())).text, name).not.toContain(account.email);
    }
    // An anonymous page is kept, here and in front: the checks above could have found a HIT.
    const path = `/helpCenter?q=${unique()}`;
    await page(path, [], target());
    expect(cached(await page(path, [], target()))).toContain('HIT');
  });

  it('gives a cookie that names no session the shared page, without a render', async () => {
    const path = `/helpCenter?q=${unique()}`;
    await page(path, [], target());
    for (const cookie of ['maccms=', 'maccms=\t', 'maccms=made-up; maccms=', 'a=1; maccms=x']) {
      const answer = await page(path, cookie, target());
      expect(answer.headers['x-cache'], cookie).toBe('HIT');
      expect(answer.text, cookie).not.toContain(account.email);
    }
  });

  it('keeps a redirect to another language only for the cookie that asked for it', async () => {
    for (const cookie of [
      'NEXT_LOCALE=zh-cn; NEXT_LOCALE=en-us',
      '\tNEXT_LOCALE=en-us',
      ['NEXT_LOCALE=zh-cn', 'NEXT_LOCALE=en-us'],
    ]) {
      const path = `/helpCenter?q=${unique()}`;
      const asked = await get(path, { cookie }, target());
      expect(asked.status, String(cookie)).toBe(307);
      for (const visitor of [{ cookie: LANGUAGE }, {}]) {
        const other = await get(path, visitor, target());
        expect(other.status, `${cookie} then ${visitor.cookie}`).toBe(200);
      }
    }
  });

  it('keeps the CMS reading JSON after any Accept-Encoding', async () => {
    for (const accept of ['deflate', 'GZIP', 'Gzip, deflate', 'br', 'deflate, gzip;q=0', 'x-gzip, *;q=0']) {
      const path = `/api/article/list?offset=${Math.floor(Math.random() * 1e6)}`;
      const attacker = await get(path, { 'accept-encoding': accept }, target());
      expect(attacker.status, accept).toBe(200);
      // Only what the request accepted, and nothing but gzip or plain bytes.
      const sent = attacker.headers['content-encoding'] ?? 'identity';
      expect(['gzip', 'identity'], accept).toContain(sent);
      if (sent === 'gzip') expect(accept.toLowerCase(), accept).toMatch(/gzip/);
      const answer = await cms(`${target()}${path}`);
      expect(answer, accept).toMatchObject({ status: 200, json: true });
      // And the same for the CMS again, now that the plain answer is kept too.
      expect(await cms(`${target()}${path}`), accept).toMatchObject({ status: 200, json: true });
    }
  });
});

describe('build files through nginx', () => {
  it('are kept per encoding sent: a client that asked for none never gets a compressed one', async () => {
    const base = front.origin.replace('localhost', '127.0.0.1');
    for (const accept of ['deflate', 'br', 'GZIP']) {
      const path = `/_next/static/chunks/${unique()}.js`;
      await get(path, { 'accept-encoding': accept }, base);
      for (let i = 0; i < 2; i++) {
        const plain = await get(path, {}, base);
        expect(plain.headers['content-encoding'], accept).toBeUndefined();
        expect(plain.body.toString(), accept).toMatch(/^console\.log/);
      }
    }
  });
});

describe('the background refresh', () => {
  it("replays the encoding its key names, never the visitor's header", async () => {
    const cms = (url: string) => php<{ status: number; json: boolean }>('fetch.php', [url]);
    const path = `/api/article/list?offset=${Math.floor(Math.random() * 1e6)}`;
    await get(path, { 'accept-encoding': 'deflate' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (FRESH_S + 1) * 1000);
    const stale = await get(path);
    expect(stale.headers['x-cache']).toBe('STALE');
    await vi.waitFor(() => expect(seen.some((s) => s.refresh && s.url === path)).toBe(true));
    const refresh = seen.find((s) => s.refresh && s.url === path);
    expect(refresh?.encoding).toBe('identity');
    await vi.waitFor(async () => expect((await get(path)).headers['x-cache']).toBe('HIT'));
    expect(await cms(`${origin}${path}`)).toMatchObject({ status: 200, json: true });
  });
});

describe('the last guard', () => {
  it('never keeps an answer whose body carries an account, even one rendered without a session', async () => {
    const leaky = `/blog?page=${unique()}`;
    const leaked = await get(leaky, { cookie: LANGUAGE, 'x-test-leak': '1' });
    expect(leaked.text).toContain(account.email);
    expect((await page(leaky)).headers['x-cache']).toBe('MISS');
    // An ordinary anonymous page is kept as before.
    const path = `/helpCenter?q=${unique()}`;
    await page(path);
    expect((await page(path)).headers['x-cache']).toBe('HIT');
  });
});

describe('read calls are keyed on what they read and have a render budget', () => {
  it('shares one answer across made-up parameters, also in the collection API path', async () => {
    const renders = () => seen.filter((s) => s.url.startsWith('/api/home/config')).length;
    await get(`/api/home/config?r=${unique()}`);
    const before = renders();
    for (let i = 0; i < 20; i++)
      expect((await get(`/api/home/config?r=${unique()}`)).headers['x-cache']).toBe('HIT');
    expect(renders()).toBe(before);
    const vod = await get(`/resource-api/provide/vod/ac/list/zz/${unique()}?pg=2&r=${unique()}`);
    expect(vod.status).toBe(200);
    expect(seen.at(-1)?.url).toBe('/resource-api/provide/vod?ac=list&pg=2');
    expect((await get(`/resource-api/provide/vod?pg=2&ac=list&xx=${unique()}`)).headers['x-cache']).toBe(
      'HIT',
    );
  });

  it('refuses an address that misses the cache on purpose once its budget is spent', async () => {
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < CALL_RENDERS.burst + 40; i++)
      statuses.push((await get(`/api/article/detail?id=post-${unique()}`)).status);
    const seconds = (Date.now() - started) / 1000;
    const served = statuses.filter((s) => s === 200).length;
    expect(served).toBeLessThanOrEqual(CALL_RENDERS.burst + Math.ceil(seconds * CALL_RENDERS.perSecond));
    expect(statuses.filter((s) => s === 429).length).toBe(statuses.length - served);
    // Twenty at once, past the burst: a token comes back every 100 ms, so nearly all are refused.
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => get(`/api/article/detail?id=post-${unique()}`, { lang: 'en-us' })),
    );
    const refused = burst.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(15);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused[0]!.text)).toMatchObject({ code: 0, msg: expect.stringMatching(/try again/) });
  });
});

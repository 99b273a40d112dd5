import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type Browser, expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import pg from 'pg';
import { publicRoute } from '../../src/entry/page-cache/rules';
import { startNode } from './node-process';
import { ONE_PIXEL_PNG, signUp } from './support';

/**
 * The server's cache of anonymous answers and the account in the server-rendered header: a visitor
 * without a session gets the shared copy, a logged-in one never does, and a release on one node
 * shows on another within a second.
 */
const DEVELOPER = { email: 'developer@example.com', password: 'dev12345', name: '星河工作室' };
const ADMIN = { email: 'admin@example.com', password: 'admin12345' };

/** A browser context in English, logged in as the developer when `login`. */
async function englishVisitor(browser: Browser, login: boolean) {
  const context = await browser.newContext({ locale: 'en-US' });
  if (login)
    expect((await (await context.request.post('/api/user/login', { data: DEVELOPER })).json()).code).toBe(1);
  return context;
}

test('a logged-in visitor never gets the cached anonymous page, and sees the account in the first HTML', async ({
  browser,
  request,
}) => {
  for (const [path, login] of [
    ['/helpCenter', '登录'],
    ['/en-us/blog', 'Log in'],
  ] as const) {
    // Anonymous: once the language cookie is set, the next answer is the cached copy, shared.
    await request.get(path);
    await request.get(path);
    const anonymous = await request.get(path);
    expect(anonymous.headers()['x-cache']).toMatch(/^(HIT|STALE)$/);
    expect(anonymous.headers()['cache-control']).toContain('public');
    expect(anonymous.headers().vary).toContain('Cookie');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const loggedIn = await context.request.post('/api/user/login', { data: DEVELOPER });
    expect((await loggedIn.json()).code).toBe(1);
    const page = await context.newPage();
    // Without scripts, the header can only show what the server put in the HTML.
    const response = await page.goto(path);
    expect(response?.headers()['x-cache']).toBeUndefined();
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: DEVELOPER.name })).toBeVisible();
    await expect(header.getByRole('button', { name: login, exact: true })).toHaveCount(0);
    await context.close();

    // The shared copy is still the anonymous one: no account in it.
    const after = await request.get(path);
    expect(after.headers()['x-cache']).toMatch(/^(HIT|STALE)$/);
    expect(await after.text()).not.toContain(DEVELOPER.name);
  }
});

test('a cookie that names no session gets the anonymous page from the cache, not a render', async ({
  request,
}) => {
  const path = '/en-us/helpCenter';
  await request.get(path);
  for (let i = 0; i < 3; i++) {
    const made = await request.get(path, { headers: { cookie: `maccms=made-up-${i}; NEXT_LOCALE=en-us` } });
    expect(made.status()).toBe(200);
    expect(made.headers()['x-cache']).toMatch(/^(HIT|STALE)$/);
    expect(await made.text()).toContain('initialUser\\":null');
  }
});

test('a visitor who chose another language is sent on from an unprefixed address without a render', async ({
  request,
}) => {
  const english = { cookie: 'NEXT_LOCALE=en-us' };
  const first = await request.get('/helpCenter', { headers: english, maxRedirects: 0 });
  expect(first.status()).toBe(307);
  expect(first.headers().location).toMatch(/\/en-us\/helpCenter$/);
  const again = await request.get('/helpCenter', { headers: english, maxRedirects: 0 });
  expect(again.status()).toBe(307);
  expect(again.headers()['x-cache']).toMatch(/^(HIT|STALE)$/);
  expect(again.headers().location).toBe(first.headers().location);
  // The redirect is kept under that cookie only: a Chinese visitor still gets the page.
  const chinese = await request.get('/helpCenter', {
    headers: { cookie: 'NEXT_LOCALE=zh-cn' },
    maxRedirects: 0,
  });
  expect(chinese.status()).toBe(200);
  expect(await chinese.text()).toContain('帮助中心');
});

test('a parameter the page does not read shares its cached answer, and the page works at that address', async ({
  page,
  request,
}) => {
  await request.get('/en-us/market/plug?name=seo');
  const tagged = await request.get('/en-us/market/plug?utm_source=mail&name=seo&fbclid=Iw1');
  expect(tagged.headers()['x-cache']).toMatch(/^(HIT|STALE)$/);
  // A parameter the page reads is still its own page.
  const other = await request.get(
    `/en-us/market/plug?name=${randomBytes(4).toString('hex')}&utm_source=mail`,
  );
  expect(other.headers()['x-cache']).toBe('MISS');

  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/en-us/market/plug?utm_source=mail&fbclid=Iw2');
  await page.waitForLoadState('networkidle');
  // The visitor keeps the address they opened; the list and its filters work as on the plain page.
  await expect(page).toHaveURL(/\/en-us\/market\/plug\?utm_source=mail&fbclid=Iw2$/);
  await page.getByRole('searchbox').first().fill('seo');
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page).toHaveURL(/[?&]name=seo/);
  await expect(page.locator('main a[href^="/en-us/market/plug/"]').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("the router's payloads of an anonymous visit come from the cache, and a logged-in visit shares those below the layout", async ({
  browser,
}) => {
  const visit = async (login: boolean) => {
    const context = await englishVisitor(browser, login);
    const page = await context.newPage();
    const payloads = new Map<string, string | undefined>();
    page.on('response', (r) => {
      if (r.request().headers().rsc) payloads.set(r.url(), r.headers()['x-cache']);
    });
    await page.goto('/en-us/market');
    await page.waitForLoadState('networkidle');
    // A navigation through the router still lands on the right page.
    await page.locator('main a[href^="/en-us/market/plug/"]').first().click();
    await expect(page).toHaveURL(/\/en-us\/market\/plug\/\d+$/);
    await expect(page.locator('main h1')).toBeVisible();
    if (login) await expect(page.locator('header').getByRole('link', { name: DEVELOPER.name })).toBeVisible();
    await context.close();
    return payloads;
  };
  const first = await visit(false);
  expect(first.size).toBeGreaterThan(0);
  const second = await visit(false);
  // Payloads of the public pages (rules.ts); private ones (developer centre, feedback) are never shared.
  const shared = (url: string) => publicRoute('GET', new URL(url).pathname) !== null;
  const again = [...second].filter(([url]) => first.has(url) && shared(url));
  expect(again.length).toBeGreaterThan(0);
  for (const [url, cache] of again) expect(cache, url).toMatch(/^(HIT|STALE)$/);
  // With a session, the payloads of public pages below the layout hold no account: the same copies.
  const loggedIn = await visit(true);
  const reused = [...loggedIn].filter(([url]) => first.has(url) && shared(url));
  expect(reused.length).toBeGreaterThan(0);
  for (const [url, cache] of reused) expect(cache, url).toMatch(/^(HIT|STALE)$/);
  for (const [url, cache] of loggedIn) if (!shared(url)) expect(cache, url).toBeUndefined();
});

test('a payload that carries the layout is never shared with a logged-in visitor: a change of language keeps the account', async ({
  browser,
}) => {
  const switchLanguage = async (login: boolean) => {
    const context = await englishVisitor(browser, login);
    const page = await context.newPage();
    const answers: { cache?: string; control?: string }[] = [];
    page.on('response', (r) => {
      if (r.request().headers().rsc && new URL(r.url()).pathname === '/zh-tw/blog')
        answers.push({ cache: r.headers()['x-cache'], control: r.headers()['cache-control'] });
    });
    await page.goto('/en-us/blog');
    await page.waitForLoadState('networkidle');
    const header = page.locator('header');
    await header.getByRole('button', { name: /Language/ }).click();
    await header.getByRole('button', { name: '繁體中文' }).click();
    await expect(page).toHaveURL(/\/zh-tw\/blog$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    if (login) await expect(header.getByRole('link', { name: DEVELOPER.name })).toBeVisible();
    await context.close();
    return answers;
  };
  await switchLanguage(false);
  // An anonymous visitor's payload of the switch is kept: it includes the layout, without an account.
  expect((await switchLanguage(false)).some((a) => a.cache === 'HIT' || a.cache === 'STALE')).toBe(true);
  const loggedIn = await switchLanguage(true);
  expect(loggedIn.length).toBeGreaterThan(0);
  for (const answer of loggedIn) expect(answer.cache).toBeUndefined();
});

test('with scripts the account is there at once: no request for it, no empty slot', async ({ browser }) => {
  const context = await englishVisitor(browser, true);
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/user/user_info')) asked.push(r.url());
  });
  await page.goto('/en-us/helpCenter');
  await expect(page.locator('header').getByRole('link', { name: DEVELOPER.name })).toBeVisible();
  expect(asked).toEqual([]);
  // After logout the same page comes from the shared copy again, with the login button.
  await page.locator('header').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.locator('header').getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  const again = await page.goto('/en-us/helpCenter');
  expect(again?.headers()['cache-control']).toContain('public');
  await expect(page.locator('header').getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await context.close();
});

test('a logged-in page is its shell with the account filled in, as a full render would hold it', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const email = `shell.${Date.now()}@example.com`;
  await signUp(context.request, { email, password: 'shell-pass-1' });
  // Every escape at once: Flight's `$`, quotes for JSON and markup, an ampersand, a line separator.
  const name = `$"O'Neil" & <3 \u2028 😀`;
  const updated = await context.request.post('/api/user/user_info', {
    data: { type: 'update', name, site: 'https://shell.example.com', email },
  });
  expect((await updated.json()).code, await updated.text()).toBe(1);

  const path = '/en-us/blog';
  // A request Next's router or a token client could make is rendered in full: the reference.
  const full = await context.request.get(path, { headers: { authorization: 'Bearer none' } });
  expect(full.headers()['x-shell']).toBeUndefined();
  await context.request.get(path);
  const shell = await context.request.get(path);
  expect(shell.headers()['x-shell']).toBe('HIT');
  expect(shell.headers()['cache-control']).toBe('private, no-store');
  const header = (html: string) => /<header[\s\S]*?<\/header>/.exec(html)?.[0];
  const account = (html: string) => {
    const found = /initialUser\\":(\{.*?\})/.exec(html)?.[1];
    return found && JSON.parse(JSON.parse(`"${found}"`));
  };
  const [fullHtml, shellHtml] = [await full.text(), await shell.text()];
  expect(header(shellHtml)).toBe(header(fullHtml));
  expect(account(shellHtml)).toEqual(account(fullHtml));
  expect(account(shellHtml).name).toBe(`$${name}`); // Flight escapes a leading `$` as `$$`

  // The browser hydrates the filled shell without a mismatch and shows the account.
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(path);
  expect(response?.headers()['x-shell']).toBe('HIT');
  await expect(page.locator('header').getByRole('link', { name: `$"O'Neil" & <3` })).toBeVisible();
  await page.locator('header').getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('at phone width the menu shows the account from the first HTML too', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  expect((await (await context.request.post('/api/user/login', { data: DEVELOPER })).json()).code).toBe(1);
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/user/user_info')) asked.push(r.url());
  });
  await page.goto('/helpCenter');
  await page.locator('header').getByRole('button', { name: '打开菜单' }).click();
  const account = page.locator('#site-menu').getByRole('link', { name: DEVELOPER.name });
  await expect(account).toBeVisible();
  const box = await account.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.screenshot({ path: test.info().outputPath('phone-account-menu.png') });
  expect(asked).toEqual([]);
  await context.close();
});

test.describe('two nodes on one PostgreSQL', () => {
  test.setTimeout(240_000);
  const BASE = Number(process.env.E2E_PORT ?? 3210) + 45;
  const nodes: ChildProcess[] = [];
  test.afterAll(() => {
    for (const node of nodes) node.kill('SIGKILL');
  });

  function serve(port: number, databaseUrl: string) {
    startNode(port, { DATABASE_URL: databaseUrl }, nodes);
    return `http://localhost:${port}`;
  }

  async function ready(origin: string) {
    for (let i = 0; i < 240; i++) {
      const status = await fetch(`${origin}/api/ready`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`${origin} never became ready`);
  }

  async function call<T>(origin: string, path: string, body: unknown, token?: string) {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { code: number; msg: string; info: T };
    if (json.code !== 1) throw new Error(`${path}: ${json.msg}`);
    return json.info;
  }

  const center = (origin: string) =>
    fetch(`${origin}/api/market/center`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=plugins&sortBy=newest&limit=50',
    });

  test('a release on one node shows on the other within a second', async () => {
    const name = `portal_cache_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = `postgres://postgres@127.0.0.1:5432/${name}`;
      const a = serve(BASE, url);
      await ready(a);
      const b = serve(BASE + 1, url);
      await ready(b);

      const dev = await call<{ token: string }>(a, '/api/user/login', DEVELOPER);
      const root = await call<{ token: string }>(a, '/api/user/login', ADMIN);
      const title = `Cache probe ${randomBytes(3).toString('hex')}`;
      const folder = `probe${randomBytes(3).toString('hex')}`;
      const cls = `${folder.charAt(0).toUpperCase()}${folder.slice(1)}`;
      const zip = zipSync({
        [`${cls}.php`]: new TextEncoder().encode(
          `<?php\nclass ${cls} { public function run() { return 1; } }\n`,
        ),
        'info.ini': new TextEncoder().encode(`name = ${folder}\ntitle = Probe\nversion = 1.0.0\n`),
      });
      const png = ONE_PIXEL_PNG;
      const form = new FormData();
      for (const [k, v] of Object.entries({
        name: title,
        describe: 'Checks the page cache',
        support_version: '2025.1000',
        version: '1.0.0',
      }))
        form.append(k, v);
      form.append('source', new File([zip as BlobPart], `${folder}.zip`, { type: 'application/zip' }));
      form.append('pc_image', new File([png], 'thumb.png', { type: 'image/png' }));
      const added = await fetch(`${a}/api/developer_plugins/plugins_add`, {
        method: 'POST',
        headers: { token: dev.token },
        body: form,
      }).then((r) => r.json() as Promise<{ code: number; msg: string; info: { id: number } }>);
      expect(added.code, added.msg).toBe(1);
      await call(
        a,
        '/api/developer_plugins/do_audit',
        { id: added.info.id, status: 1, version: '1.0.0' },
        root.token,
      );

      // Node B holds the list page and the CMS's list call in its cache.
      for (let i = 0; i < 2; i++) {
        await fetch(`${b}/en-us/market/plug?sort=newest`);
        await center(b);
      }
      const cached = await fetch(`${b}/en-us/market/plug?sort=newest`);
      expect(cached.headers.get('x-cache')).toBe('HIT');
      expect(await cached.text()).not.toContain(title);
      expect((await center(b)).headers.get('x-cache')).toBe('HIT');

      await call(a, '/api/developer/set_publish', { id: added.info.id }, dev.token);
      const released = Date.now();
      let page = '';
      let list = '';
      while (Date.now() - released < 5000 && !(page.includes(title) && list.includes(title))) {
        page = await (await fetch(`${b}/en-us/market/plug?sort=newest`)).text();
        list = await (await center(b)).text();
      }
      const seconds = (Date.now() - released) / 1000;
      expect(page).toContain(title);
      expect(list).toContain(title);
      expect(seconds).toBeLessThan(1);
    } finally {
      for (const node of nodes.splice(0)) node.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 500));
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    }
  });
});

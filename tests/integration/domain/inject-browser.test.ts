import http from 'node:http';
import type { AddressInfo } from 'node:net';
import JavaScriptObfuscator from 'javascript-obfuscator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkInject } from '@/app/dapi/[product]/check_site_inject/route';
import type { InjectInfo } from '@/contract/domain';
import { browserPass } from '@/server/domain/inject/browser/browser-pass';
import { browserEngine } from '@/server/domain/inject/browser/engine';
import { VISITORS } from '@/server/domain/inject/browser/visitors';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';

// The sites live on 127.0.0.1 and 127.0.0.2: private targets are allowed for the checks through
// the API; the browser's own requests are also tried with them refused, below.
process.env.FETCH_ALLOW_PRIVATE = 'true';
// The browser pass, off for the other test files, and one check at a time in it, so the queue can
// be filled.
process.env.INJECT_BROWSER = 'auto';
process.env.INJECT_BROWSER_CHECKS = '1';

/** What real attackers ship: the obfuscator's strongest preset, with a fixed seed. */
const obfuscated = (source: string) =>
  JavaScriptObfuscator.obfuscate(source, {
    ...JavaScriptObfuscator.getOptionsByPreset('high-obfuscation'),
    seed: 20261127,
  }).getObfuscatedCode();

/** Phones go to a casino after six seconds; everyone else gets a casino link moved off the page. */
const PAYLOAD = `(function () {
  var ua = navigator.userAgent;
  var casino = 'http://www.' + ['pujing', 'yule'].join('-') + '.com/?from=' + encodeURIComponent(location.host);
  if (/iphone|android/i.test(ua) && !/spider|bot/i.test(ua)) {
    setTimeout(function () { location.href = casino; }, 6000);
    return;
  }
  var box = document.createElement('div');
  box.style.cssText = 'position:absolute;left:-9999px;top:0';
  box.innerHTML = '<a href="http://www.bocai' + (600 + 66) + '.com/">' + '澳门葡京' + '娱乐城</a>';
  document.body.appendChild(box);
})();`;

/** The honest twin's own script, run through the same obfuscator: a menu and a visit counter. */
const HONEST = `(function () {
  var nav = document.createElement('nav');
  nav.innerHTML = '<a href="/type/1.html">电影</a> <a href="/type/2.html">连续剧</a>';
  document.body.insertBefore(nav, document.body.firstChild);
  try { localStorage.setItem('visits', String(Number(localStorage.getItem('visits') || 0) + 1)); } catch (e) {}
})();`;

const page = (script: string, extra = '') => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>星辰影院 - 免费在线观看</title></head>
<body><h1>星辰影院</h1>
<ul>${Array.from({ length: 12 }, (_, i) => `<li><a href="/voddetail/${i}.html">第${i}部影片</a></li>`).join('')}</ul>
${extra}
<script>${script}</script>
</body></html>`;

type Server = { server: http.Server; url: string; hits: string[] };

async function serve(
  host: string,
  answer: (path: string) => { type: string; body: string },
): Promise<Server> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '/');
    const { type, body } = answer(req.url ?? '/');
    res.writeHead(200, { 'content-type': `${type}; charset=utf-8` });
    res.end(body);
  });
  server.on('upgrade', (req, socket) => {
    hits.push(`upgrade ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, url: `http://${host}:${(server.address() as AddressInfo).port}/`, hits };
}

let injected: Server;
let honest: Server;
let promoter: Server;
let visible: Server;
let hung: Server;
let inside: Server;
let prober: Server;
beforeAll(async () => {
  // A warm browser, as on a node that has checked a site before: starting it is not a check's time.
  expect(await browserEngine().warm()).toBe(true);
  const [bad, good] = [obfuscated(PAYLOAD), obfuscated(HONEST)];
  injected = await serve('127.0.0.1', () => ({ type: 'text/html', body: page(bad) }));
  honest = await serve('127.0.0.1', () => ({ type: 'text/html', body: page(good) }));
  // Another site (another address) whose script writes a casino link anyone can see.
  promoter = await serve('127.0.0.2', () => ({
    type: 'application/javascript',
    body: obfuscated(
      `var p = document.createElement('p'); p.innerHTML = '<a href="http://www.tyc' + 88 + '.com/">太阳城娱乐城 注册送彩金</a>'; document.body.appendChild(p);`,
    ),
  }));
  visible = await serve('127.0.0.1', (path) =>
    path === '/'
      ? { type: 'text/html', body: page('', `<script src="${promoter.url}tj.js"></script>`) }
      : { type: 'text/plain', body: '' },
  );
  hung = await serve('127.0.0.1', () => ({ type: 'text/html', body: page('for (;;) {}') }));
  // What stands for our own network: nothing may reach it when private targets are refused.
  inside = await serve('127.0.0.1', () => ({ type: 'text/plain', body: 'secret' }));
  const port = new URL(inside.url).port;
  prober = await serve('127.0.0.2', () => ({
    type: 'text/html',
    body: page(
      `fetch('http://localhost:${port}/fetch').catch(function () {});
       new WebSocket('ws://127.0.0.1:${port}/socket');
       setTimeout(function () { location.href = 'http://127.0.0.1:${port}/redirect'; }, 3000);`,
      `<script src="http://127.0.0.1:${port}/script.js"></script><iframe src="http://[::1]:${port}/frame"></iframe><iframe src="http://169.254.169.254/latest/meta-data/"></iframe>`,
    ),
  }));
}, 60_000);
afterAll(async () => {
  await browserEngine().close();
  for (const s of [injected, honest, promoter, visible, hung, inside, prober])
    await new Promise((r) => s?.server.close(r));
});

const check = (url: string) =>
  callApi<InjectInfo>(withProduct(checkInject, 'maccmspro'), { json: { domain: url }, lang: 'en-us' });

describe('the browser pass of the injected-code check', () => {
  it('finds an obfuscated payload by what it does: phones sent to a casino, a hidden casino link', async () => {
    const res = await check(injected.url);
    expect(res.code).toBe(1);
    expect(res.info.status).toBe('injected');
    const redirect = res.info.findings.find((f) => f.signature_id === 'browser.navigate');
    expect(redirect).toMatchObject({
      severity: 'high',
      decoded_url: expect.stringContaining('pujing-yule.com'),
    });
    expect(redirect?.profile.split(', ')).toContain('mobile');
    expect(redirect?.profile).not.toMatch(/desktop|spider/);
    expect(redirect?.not_seen_by).toContain('desktop');
    expect(redirect?.signals.map((s) => s.text).join('\n')).toMatch(/Served only to/);
    const link = res.info.findings.find((f) => f.signature_id === 'browser.promo.hidden');
    expect(link).toMatchObject({ severity: 'high', decoded_url: 'http://www.bocai666.com/' });
    expect(link?.content).toContain('澳门葡京娱乐城');
    expect(link?.signals.map((s) => s.text).join('\n')).toMatch(/placed outside the page/);
  }, 60_000);

  // The verdicts below come from the browser pass alone, given the time a loaded machine needs:
  // that a whole check ends on time is the concern of the time-cap test.
  const ample = () => ({ policy: { allowPrivate: true, extraPorts: [] }, deadline: Date.now() + 120_000 });

  it("leaves the same site's honest twin clean, obfuscated script and all", async () => {
    const pass = await browserPass({ url: honest.url, ...ample() });
    expect(pass.state).toBe('ran');
    expect(pass.visits.map((v) => v.profile).sort()).toEqual(VISITORS.map((v) => v.name).sort());
    expect(pass.cuts).toEqual([]);
    expect(pass.findings).toEqual([]);
    expect(pass.visits.find((v) => v.profile === 'desktop')?.title).toBe('星辰影院 - 免费在线观看');
  }, 150_000);

  it('reports a casino link anyone can see, written by a script from another site, below hidden promotion', async () => {
    const pass = await browserPass({ url: visible.url, ...ample() });
    const promo = pass.findings.find((f) => f.signatureId === 'browser.promo');
    expect(promo).toMatchObject({ severity: 'medium', decodedUrl: 'http://www.tyc88.com/' });
    expect(promo?.content).toContain('太阳城娱乐城');
    expect(promo?.profiles).toContain('desktop');
    // Written by the other site's script, which the browser names.
    expect(promo?.assetUrl).toBe(`${promoter.url}tj.js`);
    expect(promo?.signals.map((s) => s.id).sort()).toEqual([
      'browserForeignScript',
      'browserPromo',
      'linkTerms',
    ]);
    // The same kind of link moved out of sight is the stronger finding (the first site's).
    const hidden = (await browserPass({ url: injected.url, ...ample() })).findings.find(
      (f) => f.signatureId === 'browser.promo.hidden',
    );
    expect(hidden?.severity).toBe('high');
  }, 250_000);

  it('refuses every request the page makes to our own network when private targets are off', async () => {
    const policy = {
      allowPrivate: false,
      extraPorts: [Number(new URL(prober.url).port)],
      // The one site under test, by its exact address; everything around it stays refused.
      trustedAddresses: ['127.0.0.2'],
    };
    const pass = await browserPass({ url: prober.url, policy, deadline: Date.now() + 120_000 });
    expect(pass.state).toBe('ran');
    expect(prober.hits.length).toBeGreaterThan(0);
    expect(inside.hits).toEqual([]);
    const desktop = pass.visits.find((v) => v.profile === 'desktop')!;
    const port = new URL(inside.url).port;
    expect(desktop.refused).toEqual(
      expect.arrayContaining([
        `http://127.0.0.1:${port}/script.js`,
        `http://localhost:${port}/fetch`,
        `http://[::1]:${port}/frame`,
        'http://169.254.169.254/latest/meta-data/',
        `http://127.0.0.1:${port}/redirect`,
      ]),
    );
    expect(desktop.sockets).toEqual([`ws://127.0.0.1:${port}/socket`]);
  }, 150_000);

  it('ends a check whose page never stops running within its time, and says so', async () => {
    const started = Date.now();
    const pass = await browserPass({
      url: hung.url,
      policy: { allowPrivate: true, extraPorts: [] },
      deadline: Date.now() + 4_000,
    });
    // Far less than the page would run unchecked (forever), with room for a loaded machine to close
    // its browser contexts.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(pass.cuts).toEqual([expect.objectContaining({ what: 'browser', detail: 'time' })]);
  }, 60_000);

  it('queues checks beyond the browser slots and answers "busy" to one whose time ends in the queue', async () => {
    let release = () => {};
    const holding = browserEngine().use(Date.now() + 10_000, () => new Promise<void>((r) => (release = r)));
    const waiting = browserPass({
      url: honest.url,
      policy: { allowPrivate: true, extraPorts: [] },
      deadline: Date.now() + 300,
    });
    expect(await waiting).toMatchObject({
      state: 'busy',
      cuts: [expect.objectContaining({ detail: 'busy' })],
    });
    const queued = browserEngine().use(Date.now() + 10_000, async () => 'ran');
    release();
    await holding;
    expect(await queued).toBe('ran');
  }, 30_000);
});

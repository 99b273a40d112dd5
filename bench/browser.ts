/**
 * The injected-code check's browser pass for `npm run bench`: time per check with a warm browser
 * (every visitor of the pass, one local site) against the first check, which starts Chromium. Run
 * with react-server conditions (server modules); `--browser-only` runs just this.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { browserPass } from '../src/server/domain/inject/browser/browser-pass';
import { browserEngine } from '../src/server/domain/inject/browser/engine';
import { VISITORS } from '../src/server/domain/inject/browser/visitors';

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>影院</title>
<link rel="stylesheet" href="/style.css"></head><body><h1>影院</h1>
<ul>${Array.from({ length: 60 }, (_, i) => `<li><a href="/voddetail/${i}.html">第${i}部</a></li>`).join('')}</ul>
<script src="/app.js"></script></body></html>`;

export async function runBrowserBench() {
  const server = http.createServer((req, res) => {
    const type = req.url?.endsWith('.css')
      ? 'text/css'
      : req.url?.endsWith('.js')
        ? 'text/javascript'
        : 'text/html';
    res.writeHead(200, { 'content-type': `${type}; charset=utf-8` });
    res.end(
      type === 'text/html'
        ? PAGE
        : type === 'text/css'
          ? 'li{float:left}'
          : 'setTimeout(function(){document.title+="!"},6000)',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const policy = { allowPrivate: true, extraPorts: [] };
  const once = async () => {
    const started = performance.now();
    const pass = await browserPass({ url, policy, deadline: Date.now() + 120_000 });
    if (pass.state !== 'ran') throw new Error(`the browser pass did not run: ${pass.state}`);
    return performance.now() - started;
  };
  console.log(`\nbrowser pass (${VISITORS.length} visitors per check, one local site)`);
  console.log(`  first check (starts Chromium)   ${(await once()).toFixed(0)} ms`);
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) warm.push(await once());
  warm.sort((a, b) => a - b);
  console.log(
    `  warm browser, 5 checks          median ${warm[2]!.toFixed(0)} ms, slowest ${warm[4]!.toFixed(0)} ms`,
  );
  await browserEngine().close();
  server.close();
}

if (process.argv[1]?.endsWith('browser.ts')) void runBrowserBench();

/**
 * `npm run bench`: serves a production build on a free port with a throw-away embedded database and
 * 10,000 released market items, and puts the same closed-loop load on every public page and CMS
 * call, each as a ratio to a static file measured right before it, cold and warm (bench/pages.ts),
 * on the pages of a logged-in visitor (shells filled per request) and on each page rendered in full
 * (a server with PAGE_CACHE=false). `--pages-only` stops after those tables;
 * `--front` adds the anonymous table through nginx configured by deploy/nginx.conf (bench/front.ts).
 * Then the domain-check figures, and Lighthouse scores the home page, a docs page and a blog post
 * (`--no-lighthouse` skips it). First, the CPU time of hostile request bodies (bodies.ts) and, with
 * the server up, how long small calls wait while 18 MB hostile bodies arrive. `--domain-only`,
 * `--lighthouse-only` and `--bodies-only` run only those; BENCH_PORT chooses the port. The
 * package-scan figures (bench/scan.ts) follow the domain ones; `--scan-only` runs just them, without
 * a build. `--browser-only` gives the time per check of the injected-code check's browser pass with a
 * warm browser (bench/browser.ts), also without a build; the full run ends with it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBodiesServerBench } from './bodies-server';
import { runDomainBench } from './domain';
import { startFront } from './front';
import { printLighthouse, runLighthouse } from './lighthouse';
import type { Target } from './load';
import { coldCenterLatency, fillMarket, MARKET_ITEMS } from './market';
import { measurePages, measureRendering, printPages, publicTargets, renderTargets } from './pages';
import { DIST_DIR, ensureBuild, type Server, startServer } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3230);

/** A file from public/, or else one of the build's own static chunks. */
function staticPath(): string {
  const files = fs.existsSync('public')
    ? fs.readdirSync('public').filter((f) => fs.statSync(path.join('public', f)).isFile())
    : [];
  if (files[0]) return `/${files.sort()[0]}`;
  const chunks = fs.readdirSync(path.join(DIST_DIR, 'static', 'chunks')).filter((f) => f.endsWith('.js'));
  if (!chunks[0]) throw new Error('no static file to measure');
  return `/_next/static/chunks/${chunks.sort()[0]}`;
}

async function register(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench.${Date.now()}@example.com`, password: 'bench-pass' }),
  });
  const body = (await response.json()) as { code: number; info: { token: string } };
  if (body.code !== 1) throw new Error(`could not register the benchmark user: ${JSON.stringify(body)}`);
  return body.info.token;
}

/** The injected-code check's browser pass (bench/browser.ts), in its own process for the same reason. */
function runBrowserBench() {
  spawnSync('npx', ['tsx', '--conditions=react-server', 'bench/browser.ts'], { stdio: 'inherit' });
}

/** The scan reads server modules, which load only under react-server conditions: its own process. */
function runScanBench() {
  spawnSync('npx', ['tsx', '--conditions=react-server', 'bench/scan.ts'], { stdio: 'inherit' });
}

async function main() {
  if (process.argv.includes('--scan-only')) return runScanBench();
  if (process.argv.includes('--browser-only')) return runBrowserBench();
  // Static pages carry absolute canonical URLs from build time: make them name the bench server.
  process.env.SITE_URL ??= `http://localhost:${PORT}`;
  const only = (name: string) => process.argv.includes(`--${name}-only`);
  if (!only('lighthouse') && !only('domain')) runBodiesBench();
  if (only('bodies')) return;
  const force = process.argv.includes('--rebuild');
  console.log(`build: ${ensureBuild(force)} (${DIST_DIR})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  process.env.FETCH_ALLOW_PRIVATE = 'true'; // the domain benchmark scans a site on 127.0.0.1
  if (!only('lighthouse') && !only('domain')) {
    // First start: migrations and demo content; then 10,000 market items while the server is down.
    await (await startServer(PORT, dataDir)).stop();
    await fillMarket(dataDir);
  }
  let server = await startServer(PORT, dataDir);
  try {
    if (only('domain')) return await runDomainBench(server.origin);
    if (!only('lighthouse')) server = await loadBench(server, dataDir);
    if (!process.argv.includes('--no-lighthouse')) printLighthouse(await runLighthouse(server.origin));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Every public page and CMS call as a ratio to the static file, cold and warm; rendering rates; then
 * the rest. Answers the server it leaves running (it restarts it once, with the page cache off).
 */
async function loadBench(started: Server, dataDir: string): Promise<Server> {
  const origin = started.origin;
  const token = await register(origin);
  const path = staticPath();
  const staticTarget: Target = { label: `static ${path}`, method: 'GET', path, status: 200 };
  console.log(
    `load: 10 connections, 4 s per target after a 1 s warm-up, a static file (${path}) measured right ` +
      `before each; ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  const pages = await measurePages(origin, staticTarget, await publicTargets(origin));
  const { loggedIn, rendered: full } = renderTargets(`maccms=${token}`);
  const shells = await measureRendering(origin, loggedIn);
  // The embedded database has one process at a time: the uncached server takes its turn.
  await started.stop();
  const uncached = await startServer(PORT, dataDir, { PAGE_CACHE: 'false' });
  const renders = await measureRendering(uncached.origin, full).finally(() => uncached.stop());
  const server = await startServer(PORT, dataDir);
  const rendered = [
    { title: 'logged in: shell, account filled in', rows: shells },
    { title: 'rendered in full (PAGE_CACHE=false)', rows: renders },
  ];
  const missed = printPages(pages, rendered);
  if (process.argv.includes('--front')) await frontBench(server.origin, staticTarget);
  if (process.argv.includes('--pages-only')) return server;
  await runBodiesServerBench(server.origin);
  const cold = await coldCenterLatency(server.origin);
  console.log(
    `\nPOST /api/market/center uncached (${MARKET_ITEMS.toLocaleString('en-US')} items, distinct searches, ` +
      `sorts and pages, one at a time): median ${cold.toFixed(1)} ms`,
  );
  await runDomainBench(server.origin);
  runScanBench();
  runBrowserBench();
  if (pages.some((r) => r.warm.errors > 0) || rendered.some((t) => t.rows.some((r) => r.result.errors > 0)))
    process.exitCode = 1;
  if (missed.length) console.log(`\n${missed.length} target(s) missed (listed above the bodies figures)`);
  return server;
}

/** The same anonymous targets through nginx with deploy/nginx.conf, the static file included. */
async function frontBench(origin: string, staticTarget: Target) {
  const port = Number(new URL(origin).port);
  const front = await startFront([`localhost:${port}`], port + 1);
  try {
    console.log(`\nThrough nginx (deploy/nginx.conf) at ${front.origin}:\n`);
    printPages(await measurePages(front.origin, staticTarget, await publicTargets(front.origin)), []);
  } finally {
    await front.stop();
  }
}

/** The parser imports `server-only`, so its figures come from a process with the react-server condition. */
function runBodiesBench() {
  const result = spawnSync('npx', ['tsx', '--conditions=react-server', 'bench/bodies.ts'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

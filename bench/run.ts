/**
 * `npm run bench`: serves a production build on a free port with a throw-away embedded database and
 * puts the same closed-loop load (10 connections, 5 s, after a 2 s warm-up) on a static file, the
 * home page, one authenticated API call and the market (with 10,000 released items: its list page,
 * an item page and the CMS's list call). Figures are also given relative to the static file.
 * Then the domain-check figures, and Lighthouse scores the home page, a docs page and a blog post
 * (`--no-lighthouse` skips it). First, the CPU time of hostile request bodies (bodies.ts) and, with
 * the server up, how long small calls wait while 18 MB hostile bodies arrive. `--domain-only`,
 * `--lighthouse-only` and `--bodies-only` run only those; BENCH_PORT chooses the port. The
 * package-scan figures (bench/scan.ts) follow the domain ones; `--scan-only` runs just them, without
 * a build.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBodiesServerBench } from './bodies-server';
import { runDomainBench } from './domain';
import { printLighthouse, runLighthouse } from './lighthouse';
import { type Result, runLoad, type Target } from './load';
import { coldCenterLatency, fillMarket, MARKET_ITEMS, marketTargets } from './market';
import { DIST_DIR, ensureBuild, startServer } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3230);
const LOAD = { concurrency: 10, seconds: 5 };
const WARM_UP = { concurrency: 10, seconds: 2 };

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

function printTable(results: Result[]) {
  const base = results[0]!;
  const rows = results.map((r) => [
    r.label,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    `${(r.rps / base.rps).toFixed(3)}x`,
    `${(r.p50 / base.p50).toFixed(1)}x`,
    `${(r.p99 / base.p99).toFixed(1)}x`,
    String(r.errors),
  ]);
  const head = [
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'req/s vs static',
    'p50 vs static',
    'p99 vs static',
    'errors',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** The scan reads server modules, which load only under react-server conditions: its own process. */
function runScanBench() {
  spawnSync('npx', ['tsx', '--conditions=react-server', 'bench/scan.ts'], { stdio: 'inherit' });
}

async function main() {
  if (process.argv.includes('--scan-only')) return runScanBench();
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
  const server = await startServer(PORT, dataDir);
  try {
    if (only('domain')) return await runDomainBench(server.origin);
    if (!only('lighthouse')) await loadBench(server.origin);
    if (!process.argv.includes('--no-lighthouse')) printLighthouse(await runLighthouse(server.origin));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The closed-loop load on a static file, the home page, one API call and the market; then the domain checks. */
async function loadBench(origin: string) {
  const token = await register(origin);
  const targets: Target[] = [
    { label: `static ${staticPath()}`, method: 'GET', path: staticPath(), status: 200 },
    { label: 'home page /', method: 'GET', path: '/', status: 200 },
    {
      label: 'POST /api/user/user_info',
      method: 'POST',
      path: '/api/user/user_info',
      headers: { token, 'content-type': 'application/json' },
      body: '{"type":"info"}',
      status: 200,
    },
    ...(await marketTargets(origin)),
  ];
  console.log(
    `load: ${LOAD.concurrency} connections, ${LOAD.seconds} s per target after a ${WARM_UP.seconds} s warm-up; ` +
      `${os.cpus().length} cores, Node ${process.version}\n`,
  );
  const results: Result[] = [];
  for (const target of targets) {
    await runLoad(origin, target, WARM_UP);
    results.push(await runLoad(origin, target, LOAD));
  }
  printTable(results);
  await runBodiesServerBench(origin);
  const cold = await coldCenterLatency(origin);
  console.log(
    `\nPOST /api/market/center uncached (${MARKET_ITEMS.toLocaleString('en-US')} items, distinct searches, ` +
      `sorts and pages, one at a time): median ${cold.toFixed(1)} ms = ${(cold / results[0]!.p50).toFixed(1)}x ` +
      'the static file p50 under load',
  );
  await runDomainBench(origin);
  runScanBench();
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
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

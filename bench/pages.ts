/**
 * Page figures: every public page and the CMS's calls, each measured right after a static file
 * under the same load and given as a ratio to it, cold (the first request of its key, rendered) and
 * warm (answered from the server's cache of anonymous answers). Then the pages that must render
 * (a logged-in visitor) against their absolute targets. Prints which targets are missed.
 */
import { type Result, runLoad, type Target } from './load';

const WARM_UP = { concurrency: 10, seconds: 1 };
const LOAD = { concurrency: 10, seconds: 4 };
/** Warm anonymous answers: at least half the static file's throughput. */
const WARM_RATIO = 0.5;

export type PageRow = {
  label: string;
  staticRps: number;
  staticP50: number;
  coldMs: number;
  warm: Result;
};

export type RenderRow = { label: string; result: Result; target: number };

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** The anonymous targets, with ids of released items from the running portal. */
export async function publicTargets(origin: string): Promise<Target[]> {
  const first = async (type: string) => {
    const response = await fetch(`${origin}/api/market/center`, {
      method: 'POST',
      headers: form,
      body: `type=${type}&limit=1`,
    });
    const id = ((await response.json()) as { info: { list: { id: number }[] } }).info.list[0]?.id;
    if (!id) throw new Error(`the market has no released ${type} to measure`);
    return id;
  };
  const plugin = await first('plugins');
  const theme = await first('theme');
  const get = (path: string): Target => ({ label: path, method: 'GET', path, status: 200 });
  const post = (path: string, body: string): Target => ({
    label: `POST ${path} ${body}`,
    method: 'POST',
    path,
    headers: form,
    body,
    status: 200,
  });
  return [
    get('/'),
    get(`/market/plug/${plugin}`),
    get('/blog'),
    get('/helpCenter'),
    get('/document?menu=start'),
    get('/en-us/market/theme'),
    get('/domainDetection'),
    get('/market/plug'),
    // A campaign or share link: a new parameter the page does not read, on every request.
    { ...get('/market/plug'), label: '/market/plug?utm_source=<new>', unique: 'utm_source' },
    get('/market'),
    get('/resource'),
    post('/api/market/center', 'name=&page=1&limit=20&sortBy=&type=plugins'),
    post('/api/market_plugins/detail', `id=${plugin}`),
    post('/api/market_theme/detail', `id=${theme}`),
    get('/resource-api/provide/vod?ac=list'),
    get('/resource-api/provide/vod?ac=list&at=xml'),
    get('/resource-api/provide/vod?ac=detail&pg=1'),
  ];
}

/** The req/s each page must reach when it cannot come from the anonymous cache. */
const RENDER_TARGETS = [
  ['/market', 300],
  ['/market/plug', 300],
  ['/en-us/market/theme', 300],
  ['/document?menu=start', 300],
  ['/blog', 300],
  ['/helpCenter', 300],
  ['/resource', 150],
] as const;

export type RenderTarget = Target & { target: number };

/**
 * The pages for a logged-in visitor (a shell of the page with the account filled in), and each page
 * rendered in full, as the first request of a key is (a new search, the first visitor after a
 * change): measured against a server started with PAGE_CACHE=false, which renders every request.
 */
export function renderTargets(cookie: string): { loggedIn: RenderTarget[]; rendered: RenderTarget[] } {
  const get = (path: string, target: number, extra: Partial<Target>, label: string) => ({
    label: `${path} ${label}`,
    method: 'GET' as const,
    path,
    status: 200,
    target,
    ...extra,
  });
  return {
    loggedIn: RENDER_TARGETS.map(([path, target]) =>
      get(path, target, { headers: { cookie } }, '(logged in)'),
    ),
    rendered: RENDER_TARGETS.map(([path, target]) => get(path, target, {}, '(rendered)')),
  };
}

async function firstRequestMs(origin: string, target: Target): Promise<number> {
  const t0 = performance.now();
  const response = await fetch(new URL(target.path, origin), {
    method: target.method,
    headers: { ...target.headers, 'accept-encoding': 'identity' },
    body: target.body,
  });
  await response.arrayBuffer();
  if (response.status !== target.status) throw new Error(`${target.label}: HTTP ${response.status}`);
  return performance.now() - t0;
}

export async function measurePages(
  origin: string,
  staticTarget: Target,
  targets: Target[],
): Promise<PageRow[]> {
  const rows: PageRow[] = [];
  for (const target of targets) {
    await runLoad(origin, staticTarget, WARM_UP);
    const base = await runLoad(origin, staticTarget, LOAD);
    const coldMs = await firstRequestMs(origin, target);
    await runLoad(origin, target, WARM_UP);
    const warm = await runLoad(origin, target, LOAD);
    rows.push({ label: target.label, staticRps: base.rps, staticP50: base.p50, coldMs, warm });
  }
  return rows;
}

export async function measureRendering(origin: string, targets: RenderTarget[]): Promise<RenderRow[]> {
  const rows: RenderRow[] = [];
  for (const target of targets) {
    await runLoad(origin, target, WARM_UP);
    rows.push({ label: target.label, result: await runLoad(origin, target, LOAD), target: target.target });
  }
  return rows;
}

function table(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** Prints the tables and answers the targets missed, in words. */
export function printPages(pages: PageRow[], rendered: { title: string; rows: RenderRow[] }[]): string[] {
  const missed: string[] = [];
  table(
    [
      'anonymous target',
      'static req/s',
      'cold ms',
      'cold vs static p50',
      'warm req/s',
      'warm p50',
      'warm vs static',
      'errors',
    ],
    pages.map((r) => {
      const ratio = r.warm.rps / r.staticRps;
      if (ratio < WARM_RATIO)
        missed.push(`${r.label}: warm ${ratio.toFixed(2)}x static (target ${WARM_RATIO}x)`);
      if (r.warm.errors) missed.push(`${r.label}: ${r.warm.errors} errors`);
      return [
        r.label,
        r.staticRps.toFixed(0),
        r.coldMs.toFixed(1),
        `${(r.coldMs / r.staticP50).toFixed(1)}x`,
        r.warm.rps.toFixed(0),
        r.warm.p50.toFixed(1),
        `${ratio.toFixed(2)}x${ratio < WARM_RATIO ? ' MISS' : ''}`,
        String(r.warm.errors),
      ];
    }),
  );
  for (const { title, rows } of rendered) {
    console.log('');
    table(
      [title, 'req/s', 'p50 ms', 'p99 ms', 'target req/s', 'errors'],
      rows.map((r) => {
        const miss = r.result.rps < r.target;
        if (miss) missed.push(`${r.label}: ${r.result.rps.toFixed(0)} req/s (target ${r.target})`);
        if (r.result.errors) missed.push(`${r.label}: ${r.result.errors} errors`);
        return [
          r.label,
          r.result.rps.toFixed(0),
          r.result.p50.toFixed(1),
          r.result.p99.toFixed(1),
          `${r.target}${miss ? ' MISS' : ''}`,
          String(r.result.errors),
        ];
      }),
    );
  }
  console.log(missed.length ? `\nmissed targets:\n  ${missed.join('\n  ')}` : '\nevery target met');
  return missed;
}

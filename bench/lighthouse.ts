/**
 * Lighthouse (mobile settings, Debian's Chromium) on the home page, a docs page and a blog post,
 * printed as one table of the four category scores. Part of `npm run bench`.
 *
 * Lighthouse simulates a slow phone from the CPU time the page really took here, so a machine busy
 * with other work scores lower. Each page is therefore measured several times (LIGHTHOUSE_RUNS,
 * default 3) and the median run is reported, with the spread of the performance score and the
 * load average so a reader can tell a slow page from a busy machine.
 */
import fs from 'node:fs';
import os from 'node:os';

export const LIGHTHOUSE_PAGES = [
  { label: 'home /', path: '/' },
  { label: 'docs /document?menu=start&sub=install', path: '/document?menu=start&sub=install' },
  { label: 'blog /blog/clean-up-backdoor', path: '/blog/clean-up-backdoor' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
} as const;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

type Scores = Record<(typeof CATEGORIES)[number], number>;
type Run = { scores: Scores; metrics: Record<keyof typeof METRICS, string>; load: number };
export type LighthouseResult = { label: string; median: Run; performance: number[] };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runLighthouse(origin: string): Promise<LighthouseResult[]> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Lighthouse needs Chromium at ${CHROMIUM} (apt-get install chromium)`);
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
  try {
    const runs = new Map<string, Run[]>(LIGHTHOUSE_PAGES.map((p) => [p.label, []]));
    // Pages take turns, so a burst of load elsewhere does not land on one page's runs only.
    for (let i = 0; i < RUNS; i++) {
      for (const page of LIGHTHOUSE_PAGES) {
        await fetch(`${origin}${page.path}`); // warm the page's caches, as a returning server would have
        const run = await lighthouse(`${origin}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        const lhr = run?.lhr;
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr?.categories[c]?.score ?? 0) * 100)]),
        ) as Scores;
        const metrics = Object.fromEntries(
          Object.entries(METRICS).map(([name, audit]) => [name, lhr?.audits[audit]?.displayValue ?? '?']),
        ) as Run['metrics'];
        runs.get(page.label)!.push({ scores, metrics, load: os.loadavg()[0]! });
      }
    }
    return LIGHTHOUSE_PAGES.map(({ label }) => {
      const list = runs.get(label)!;
      const performance = list.map((r) => r.scores.performance);
      const middle = median(performance);
      return { label, median: list.find((r) => r.scores.performance === middle)!, performance };
    });
  } finally {
    chrome.kill();
  }
}

export function printLighthouse(results: LighthouseResult[]) {
  const head = ['page (Lighthouse, mobile)', ...CATEGORIES, 'perf. runs', ...Object.keys(METRICS), 'load'];
  const rows = results.map((r) => [
    r.label,
    ...CATEGORIES.map((c) => String(r.median.scores[c])),
    r.performance.join('/'),
    ...Object.values(r.median.metrics),
    r.median.load.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\nLighthouse: median of ${RUNS} runs per page (the run with the median performance score)`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/**
 * Lighthouse (mobile settings, Debian's Chromium) on the home page, a docs page and a blog post,
 * printed as one table of the four category scores. Part of `npm run bench`.
 */
import fs from 'node:fs';

export const LIGHTHOUSE_PAGES = [
  { label: 'home /', path: '/' },
  { label: 'docs /document?menu=start&sub=install', path: '/document?menu=start&sub=install' },
  { label: 'blog /blog/clean-up-backdoor', path: '/blog/clean-up-backdoor' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Scores = Record<(typeof CATEGORIES)[number], number>;
export type LighthouseResult = { label: string; scores: Scores };

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
    const results: LighthouseResult[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      await fetch(`${origin}${page.path}`); // warm the page's caches, as a returning server would have
      const run = await lighthouse(`${origin}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const categories = run?.lhr.categories ?? {};
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
      ) as Scores;
      results.push({ label: page.label, scores });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

export function printLighthouse(results: LighthouseResult[]) {
  const head = ['page (Lighthouse, mobile)', ...CATEGORIES];
  const rows = results.map((r) => [r.label, ...CATEGORIES.map((c) => String(r.scores[c]))]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${line(head)}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

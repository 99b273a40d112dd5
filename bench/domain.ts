/**
 * Domain-check figures for `npm run bench`: 2,000 signatures over 2 MB of
 * CJK HTML with the Aho-Corasick engine against one regex at a time; one full injected-code
 * check of a local site against a single plain fetch of the same page; the evaluation set
 * (detection rate, false-positive rate, time per check); and a site that answers slowly, to show
 * a check still ends inside the clients' 20-second timeout.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureSet } from '../src/server/domain/signatures/engine';
import type { Signature } from '../src/server/domain/signatures/types';
import { EVAL_SITES } from '../tests/fixtures/inject-eval';
import { formatSummary, judge, type Outcome, startEvalSites, summarise } from '../tests/support/eval-sites';
import { startSites } from '../tests/support/inject-sites';

const CJK = '最新电影电视剧综艺动漫在线观看免费高清影视资源播放列表排行榜热门推荐更新完结';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function cjkHtml(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const title = Array.from({ length: 12 }, (_, j) => CJK[(i * 7 + j * 13) % CJK.length]).join('');
    const row = `<li><a href="/voddetail/${i}.html" title="${title}">${title}</a><span>${title}${i}</span></li>\n`;
    parts.push(row);
    size += Buffer.byteLength(row);
  }
  return `<html><body><ul>${parts.join('')}</ul></body></html>`;
}

/**
 * Synthetic rules in the shape of real ones: every fourth has a confirming regular expression
 * (bounded, as the built-in rules are), the others are literals only, like promoted samples.
 */
function signatures(n: number): Signature[] {
  return Array.from({ length: n }, (_, i) => {
    const literal = `${CJK[i % CJK.length]}${CJK[(i * 5 + 3) % CJK.length]}x${i.toString(36)}q`;
    return {
      id: `bench.${i}`,
      title: `bench ${i}`,
      severity: 'high' as const,
      target: 'any' as const,
      literals: [literal],
      ...(i % 4 === 0 ? { confirm: new RegExp(`${escapeRegex(literal)}[^<]{0,40}?<\\/p>`, 'i') } : {}),
    };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of `runs` timings (one run alone moves with whatever else the cores are doing). */
function time<T>(fn: () => T, runs = 1) {
  let value!: T;
  const ms = Array.from({ length: runs }, () => {
    const started = performance.now();
    value = fn();
    return performance.now() - started;
  });
  return { ms: median(ms), value };
}

async function timeAsync<T>(fn: () => Promise<T>, runs = 1) {
  let value!: T;
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    value = await fn();
    ms.push(performance.now() - started);
  }
  return { ms: median(ms), value };
}

export async function runDomainBench(origin: string) {
  const sigs = signatures(2_000);
  // Ten planted hits, so the engine also confirms and reports.
  const html =
    cjkHtml(2_000_000) +
    sigs
      .slice(0, 10)
      .map((s) => `<p>${s.literals[0]}</p>`)
      .join('');
  const build = time(() => new SignatureSet(sigs));
  const set = build.value;
  set.scan(html.slice(0, 10_000), 'html'); // warm-up
  const engine = time(() => set.scan(html, 'html').length, 5);
  // The baseline: each rule's own regular expression (its confirm, else its literal) over the whole text.
  const regexes = sigs.map((s) => s.confirm ?? new RegExp(escapeRegex(s.literals[0]!), 'i'));
  const baseline = time(() => regexes.filter((r) => r.test(html)).length, 5);
  console.log(
    `\ndomain check: ${sigs.length} signatures over ${(Buffer.byteLength(html) / 1e6).toFixed(2)} MB of CJK HTML (median of 5)`,
  );
  console.log(
    `  Aho-Corasick engine (build ${build.ms.toFixed(0)} ms)  ${engine.ms.toFixed(0)} ms  (${engine.value} hits)`,
  );
  console.log(
    `  baseline: one regex at a time  ${baseline.ms.toFixed(0)} ms  (${baseline.value} hits)  → ${(baseline.ms / engine.ms).toFixed(1)}x`,
  );

  const sites = await startSites();
  try {
    const target = sites.url('playerConfig');
    const plain = await timeAsync(() => fetch(target).then((r) => r.text()), 3);
    const full = await timeAsync(() => checkInject(origin, target), 3);
    if (full.value.code !== 1)
      throw new Error(`the injected-code check failed: ${JSON.stringify(full.value)}`);
    console.log(
      `  full local injected-code check, median of 3 (10 profiles, ${full.value.info?.assets_scanned} assets, ${full.value.info?.findings.length} findings)  ${full.ms.toFixed(0)} ms`,
    );
    console.log(
      `  baseline: one plain fetch of the page  ${plain.ms.toFixed(1)} ms  → ${(full.ms / plain.ms).toFixed(1)}x`,
    );
  } finally {
    await sites.close();
  }
  await evaluationSet(origin);
  await slowSite(origin);
  await heavySite(origin);
}

type CheckAnswer = {
  code: number;
  msg?: string;
  info?: { injected: boolean; status: string; findings: unknown[]; assets_scanned: number };
};

async function checkInject(origin: string, domain: string): Promise<CheckAnswer> {
  const res = await fetch(`${origin}/dapi/maccmspro/check_site_inject`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en-us' },
    body: JSON.stringify({ domain }),
  });
  return (await res.json()) as CheckAnswer;
}

/** Every site of the evaluation set through the running portal, one check at a time. */
async function evaluationSet(origin: string) {
  const servers = await startEvalSites();
  try {
    const outcomes: Outcome[] = [];
    for (const site of EVAL_SITES) {
      const started = performance.now();
      const answer = await checkInject(origin, servers.url(site.name));
      if (answer.code !== 1 || !answer.info) throw new Error(`${site.name}: ${answer.msg}`);
      outcomes.push(judge(site, answer.info, performance.now() - started));
    }
    console.log('');
    for (const line of formatSummary(summarise(outcomes))) console.log(`  ${line}`);
  } finally {
    await servers.close();
  }
}

/**
 * A site whose every answer takes 2.5 s (the page and each script): the check spends its time
 * budget and answers, saying what it cut, before the CMS's 20-second timeout.
 */
async function slowSite(origin: string) {
  const server = http.createServer((req, res) => {
    setTimeout(() => {
      if (req.url !== '/') return res.end('var x=1;');
      res.end(
        `<html><body>${Array.from({ length: 40 }, (_, i) => `<script src="/s${i}.js"></script>`).join('')}</body></html>`,
      );
    }, 2_500);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const started = performance.now();
    const answer = await checkInject(origin, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const ms = performance.now() - started;
    console.log(
      `  a site answering every request after 2.5 s: the check answered in ${(ms / 1000).toFixed(1)} s ` +
        `(${answer.info?.status ?? answer.msg}), inside the clients' 20 s timeout`,
    );
  } finally {
    server.close();
  }
}

/** Dense obfuscated-looking script, `bytes` long: every statement is something the reader follows. */
function denseScript(bytes: number): string {
  const parts: string[] = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const name = `_0x${i.toString(16)}`;
    const line = `var ${name}=function(a,b){return a[b]^${i}}(["\\x61\\x62",${i}],${i % 7});if(${name}&&window["ev"+"al"]){document.write(String.fromCharCode(${i % 120},${(i * 3) % 120}))}\n`;
    parts.push(line);
    size += line.length;
  }
  return parts.join('');
}

/**
 * A site built to cost the checker CPU (a 2 MB page of inline scripts and thirty 1 MB scripts, for
 * every profile): how long a small request to the portal waits while it is checked, against the
 * same request at rest. The check runs on its own thread, so the two should be close.
 */
async function heavySite(origin: string) {
  const script = denseScript(990_000);
  const blocks: string[] = [];
  for (let i = 0, size = 0; size < 1_900_000; i++) {
    const block = `<div><script>${denseScript(3_000)}</script><a href="/v/${i}.html">v${i}</a></div>`;
    blocks.push(block);
    size += block.length;
  }
  const scripts = Array.from({ length: 30 }, (_, i) => `<script src="/s${i}.js"></script>`).join('');
  const page = `<html><body>${blocks.join('')}${scripts}</body></html>`;
  const server = http.createServer((req, res) => {
    const js = req.url?.endsWith('.js');
    res.setHeader('content-type', js ? 'application/javascript' : 'text/html; charset=utf-8');
    res.end(js ? `${script}//${req.url}` : page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  /** The longest of a small request's waits, asked one after another until `done` settles. */
  const longestWait = async (done: Promise<unknown>) => {
    let settled = false;
    void done.finally(() => {
      settled = true;
    });
    let longest = 0;
    while (!settled) {
      const started = performance.now();
      await fetch(`${origin}/robots.txt`).then((r) => r.arrayBuffer());
      longest = Math.max(longest, performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
    return longest;
  };
  try {
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await checkInject(origin, target); // the first check reads the official files: not measured
    const atRest = await longestWait(new Promise((r) => setTimeout(r, 3_000)));
    const started = performance.now();
    const check = checkInject(origin, target);
    const during = await longestWait(check);
    const answer = await check;
    const ms = performance.now() - started;
    console.log(
      `  a site built to cost the checker CPU (2 MB page of inline scripts, 30 × 1 MB scripts): checked in ${(ms / 1000).toFixed(1)} s ` +
        `(${answer.info?.status ?? answer.msg}); a small request meanwhile waited at most ${during.toFixed(0)} ms, ` +
        `at rest ${atRest.toFixed(0)} ms → ${(during / atRest).toFixed(1)}x`,
    );
  } finally {
    server.close();
  }
}

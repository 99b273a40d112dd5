/**
 * Domain-check figures for `npm run bench` (issue 6 §8): 2,000 signatures over 2 MB of CJK HTML
 * with the Aho-Corasick engine against testing the same signatures one regex at a time, and one
 * full injected-code check of a local site against a single plain fetch of the same page.
 */
import { SignatureSet } from '../src/server/domain/signatures/engine';
import type { Signature } from '../src/server/domain/signatures/types';
import { startSites } from '../tests/support/inject-sites';

const CJK = '最新电影电视剧综艺动漫在线观看免费高清影视资源播放列表排行榜热门推荐更新完结';

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

function signatures(n: number): Signature[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `bench.${i}`,
    title: `bench ${i}`,
    severity: 'high' as const,
    target: 'any' as const,
    literals: [`${CJK[i % CJK.length]}${CJK[(i * 5 + 3) % CJK.length]}x${i.toString(36)}q`],
  }));
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const time = (fn: () => unknown) => {
  const started = performance.now();
  const value = fn();
  return { ms: performance.now() - started, value };
};

async function timeAsync<T>(fn: () => Promise<T>) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
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
  const set = build.value as SignatureSet;
  set.scan(html.slice(0, 10_000), 'html'); // warm-up
  const engine = time(() => set.scan(html, 'html').length);
  const regexes = sigs.map((s) => new RegExp(escapeRegex(s.literals[0]!), 'i'));
  const baseline = time(() => regexes.filter((r) => r.test(html)).length);
  console.log(
    `\ndomain check: ${sigs.length} signatures over ${(Buffer.byteLength(html) / 1e6).toFixed(2)} MB of CJK HTML`,
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
    const plain = await timeAsync(() => fetch(target).then((r) => r.text()));
    const full = await timeAsync(async () => {
      const res = await fetch(`${origin}/dapi/maccmspro/check_site_inject`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en-us' },
        body: JSON.stringify({ domain: target }),
      });
      return (await res.json()) as { code: number; info?: { findings: unknown[]; assets_scanned: number } };
    });
    if (full.value.code !== 1)
      throw new Error(`the injected-code check failed: ${JSON.stringify(full.value)}`);
    console.log(
      `  full local injected-code check (10 profiles, ${full.value.info?.assets_scanned} assets, ${full.value.info?.findings.length} findings)  ${full.ms.toFixed(0)} ms`,
    );
    console.log(
      `  baseline: one plain fetch of the page  ${plain.ms.toFixed(1)} ms  → ${(full.ms / plain.ms).toFixed(1)}x`,
    );
  } finally {
    await sites.close();
  }
}

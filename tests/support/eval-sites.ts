import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoStaticFiles } from '@/server/domain/official/demo-files';
import { EVAL_SITES, type EvalSite } from '../fixtures/inject-eval';
import type { Reply, Visit } from '../fixtures/inject-eval/kit';
import { cmsPage } from '../fixtures/inject-eval/kit';

export const DEFAULT_RELEASE = { edition: 'pro', version: '2025.1000.4052' };

/** What the site serves when its own answer is undefined: the CMS page, its static files, 404. */
function fallback(site: EvalSite, visit: Visit): Reply {
  const path = visit.path.split('?')[0]!;
  const release = site.release ?? DEFAULT_RELEASE;
  const file = demoStaticFiles(release.edition, release.version)[path.slice(1)];
  if (file !== undefined) return { headers: { 'content-type': 'application/javascript' }, body: file };
  if (path === '/') return cmsPage({});
  if (path.startsWith('/template/')) return path.endsWith('.css') ? 'body{margin:0}' : 'var t=1;';
  return { status: 404, body: 'not found' };
}

function send(res: http.ServerResponse, reply: Reply) {
  const r = typeof reply === 'string' ? { body: reply } : reply;
  const body = r.body ?? '';
  const js = typeof body === 'string' && !/^\s*</.test(body);
  res.writeHead(r.status ?? 200, {
    'content-type': js ? 'application/javascript; charset=utf-8' : 'text/html; charset=utf-8',
    ...r.headers,
  });
  res.end(body);
}

export type EvalServers = { url: (name: string) => string; close: () => Promise<void> };

/** One 127.0.0.1 server per site (each needs its own origin for the CMS's static files). */
export async function startEvalSites(sites: EvalSite[] = EVAL_SITES): Promise<EvalServers> {
  const servers = new Map<string, http.Server>();
  for (const site of sites) {
    const counts = new Map<string, number>();
    const server = http.createServer((req, res) => {
      const path = req.url ?? '/';
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      const visit: Visit = {
        path,
        ua: req.headers['user-agent'] ?? '',
        referer: req.headers.referer ?? '',
        n,
      };
      send(res, site.serve?.(visit) ?? fallback(site, visit));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.set(site.name, server);
  }
  return {
    url: (name) => `http://127.0.0.1:${(servers.get(name)!.address() as AddressInfo).port}/`,
    close: async () => {
      await Promise.all([...servers.values()].map((s) => new Promise((r) => s.close(r))));
    },
  };
}

/** The part of a check's answer the evaluation reads (old answers lack `status`). */
export type CheckAnswer = { injected: boolean; status?: string; findings: unknown[] };

export type Outcome = {
  site: EvalSite;
  got: 'injected' | 'clean' | 'partial';
  /** For injected sites: a finding shows the expected evidence. */
  explained: boolean;
  ms: number;
};

export function judge(site: EvalSite, answer: CheckAnswer, ms: number): Outcome {
  const got = answer.injected ? 'injected' : answer.status === 'partial' ? 'partial' : 'clean';
  const explained = !site.evidence || JSON.stringify(answer.findings).includes(site.evidence);
  return { site, got, explained, ms };
}

/** Detection rate, false-positive rate, limits said, and time per check, over a run of the set. */
export function summarise(outcomes: Outcome[]) {
  const injected = outcomes.filter((o) => o.site.expect === 'injected');
  const clean = outcomes.filter((o) => o.site.expect === 'clean');
  const partial = outcomes.filter((o) => o.site.expect === 'partial');
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return {
    sites: outcomes.length,
    injected: injected.length,
    detected: injected.filter((o) => o.got === 'injected').length,
    explained: injected.filter((o) => o.got === 'injected' && o.explained).length,
    clean: clean.length,
    falsePositives: clean.filter((o) => o.got === 'injected').length,
    partial: partial.length,
    partialSaid: partial.filter((o) => o.got !== 'clean').length,
    medianMs: ms[Math.floor(ms.length / 2)] ?? 0,
    maxMs: ms.at(-1) ?? 0,
    misses: outcomes.filter((o) => o.got !== o.site.expect || (o.got === 'injected' && !o.explained)),
  };
}

export function formatSummary(s: ReturnType<typeof summarise>): string[] {
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  return [
    `evaluation set: ${s.sites} local sites (${s.injected} injected, ${s.clean} clean twins, ${s.partial} beyond the limits)`,
    `  detection rate       ${pct(s.detected, s.injected)}  (${s.detected}/${s.injected}; ${s.explained} with the expected evidence)`,
    `  false-positive rate  ${pct(s.falsePositives, s.clean)}  (${s.falsePositives}/${s.clean})`,
    `  limits said          ${s.partialSaid}/${s.partial} (partially checked, never clean)`,
    `  time per check       median ${s.medianMs.toFixed(0)} ms, slowest ${s.maxMs.toFixed(0)} ms`,
    ...s.misses.map(
      (o) =>
        `  MISS ${o.site.name}: expected ${o.site.expect}, got ${o.got}${o.explained ? '' : ' (evidence not shown)'}`,
    ),
  ];
}

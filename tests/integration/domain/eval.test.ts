import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkInject } from '@/app/dapi/[product]/check_site_inject/route';
import type { InjectInfo } from '@/contract/domain';
import { seedContent } from '@/server/seed/content';
import { EVAL_SITES } from '../../fixtures/inject-eval';
import { callApi } from '../../support/api';
import { withProduct } from '../../support/domain';
import {
  type EvalServers,
  formatSummary,
  judge,
  type Outcome,
  startEvalSites,
  summarise,
} from '../../support/eval-sites';

// The sites live on 127.0.0.1: private targets are allowed for this file only.
process.env.FETCH_ALLOW_PRIVATE = 'true';

let servers: EvalServers;
const outcomes = new Map<string, Outcome & { info: InjectInfo }>();

beforeAll(async () => {
  await seedContent(); // the demo releases: their packages are where the official files come from
  servers = await startEvalSites();
  for (const site of EVAL_SITES) {
    const started = performance.now();
    const res = await callApi<InjectInfo>(withProduct(checkInject, 'maccmspro'), {
      json: { domain: servers.url(site.name) },
      lang: 'en-us',
    });
    if (res.code !== 1) throw new Error(`${site.name}: ${res.msg}`);
    outcomes.set(site.name, { ...judge(site, res.info, performance.now() - started), info: res.info });
  }
  console.log(formatSummary(summarise([...outcomes.values()])).join('\n'));
}, 300_000);
afterAll(() => servers?.close());

describe('the evaluation set, through POST /dapi/{product}pro/check_site_inject', () => {
  it('has at least 60 sites, each technique with a clean twin', () => {
    expect(EVAL_SITES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(EVAL_SITES.map((s) => s.name)).size).toBe(EVAL_SITES.length);
    expect(EVAL_SITES.filter((s) => s.expect === 'clean').length).toBeGreaterThanOrEqual(30);
  });

  it.each(EVAL_SITES.filter((s) => s.expect === 'injected').map((s) => [s.name, s] as const))(
    'finds %s and shows why',
    (_name, site) => {
      const outcome = outcomes.get(site.name)!;
      expect(outcome.got).toBe('injected');
      expect(outcome.explained).toBe(true);
    },
  );

  it('says why in words: every reason of every finding is a translated sentence', () => {
    const reasons = [...outcomes.values()].flatMap((o) => o.info.findings.flatMap((f) => f.signals));
    expect(reasons.length).toBeGreaterThan(100);
    for (const r of reasons)
      expect({ id: r.id, text: r.text }).toEqual({
        id: r.id,
        text: expect.not.stringMatching(/^domain\.|^$/),
      });
    const limits = [...outcomes.values()].flatMap((o) => o.info.limits);
    for (const l of limits) expect(l.text).not.toMatch(/^domain\./);
  });

  it.each(EVAL_SITES.filter((s) => s.expect === 'clean').map((s) => [s.name, s] as const))(
    'leaves the clean twin %s unflagged and fully checked',
    (_name, site) => {
      const outcome = outcomes.get(site.name)!;
      expect(outcome.info.findings).toEqual([]);
      expect(outcome.got).toBe('clean');
    },
  );

  it.each(EVAL_SITES.filter((s) => s.expect === 'partial').map((s) => [s.name, s] as const))(
    'says %s was only partially checked, never clean',
    (_name, site) => {
      const outcome = outcomes.get(site.name)!;
      expect(outcome.got).not.toBe('clean');
    },
  );
});

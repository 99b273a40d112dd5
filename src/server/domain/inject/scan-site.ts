import 'server-only';
import type { TargetPolicy } from '../../net/policy';
import type { SignatureSet } from '../signatures/engine';
import { type AssetJob, AssetPlan } from './assets';
import { flagCloakedRedirects, type PageView } from './cloak';
import { CMS_SCRIPTS, extractLoaded, type Loaded } from './extract';
import { CHECK_BUDGET_MS, type Fetched, fetchText } from './fetch-text';
import { FindingList, indicatorHostOf, type RawFinding } from './findings';
import { GROUP_LEADS, PROFILES, type Profile } from './profiles';

const PAGE_MAX = 2_000_000;
const ASSET_MAX = 1_000_000;
/** Fetches of scripts and frames per scan, over all profiles and both levels. */
export const MAX_ASSET_FETCHES = 30;

export type Redirect = { profile: string; from: string; to: string; kind: string };
export type ScanResult = {
  url: string;
  findings: RawFinding[];
  redirects: Redirect[];
  profiles: { name: string; status: number; error: string }[];
  assetsScanned: number;
};

/**
 * Visits `url` under every profile, follows what each version of the page loads (scripts,
 * iframes, scripts those load, the CMS's own static JS) as the kinds of visitor that load them,
 * records every redirect, and matches all of it against the signature set. Indicator hosts
 * count only as load or redirect targets.
 */
export async function scanSite(args: {
  url: string;
  set: SignatureSet;
  policy?: TargetPolicy;
  /** Time for the whole check; fetches still waiting when it runs out count as timed out. */
  budgetMs?: number;
}): Promise<ScanResult> {
  const { url, set, policy } = args;
  const deadline = Date.now() + (args.budgetMs ?? CHECK_BUDGET_MS);
  const findings = new FindingList();
  const redirects: Redirect[] = [];
  const plan = new AssetPlan(MAX_ASSET_FETCHES);
  const outcomes = await Promise.all(
    PROFILES.map(async (profile) => ({
      profile,
      outcome: await fetchText(url, profile.headers, { maxBytes: PAGE_MAX, policy, deadline }),
    })),
  );
  const views: PageView[] = [];
  for (const { profile, outcome } of outcomes) {
    if (!outcome.ok) continue;
    const page = outcome.page;
    for (const hop of page.redirects) {
      const to = new URL(hop.location ?? '', hop.url).href;
      redirects.push({ profile: profile.name, from: hop.url, to, kind: `http-${hop.status}` });
      scanUrl(to, 'redirect', page, profile.name);
      flagIndicator(to, 'redirect', page, profile.name);
    }
    for (const match of set.scan(page.text, 'html')) findings.addMatch(match, page, 'html', profile.name);
    const sendsTo = follow(
      [...refreshHeader(page), ...extractLoaded(page.text, page.finalUrl)],
      page,
      profile,
      1,
    );
    for (const s of sendsTo)
      redirects.push({ profile: profile.name, from: page.finalUrl, to: s.url, kind: s.kind });
    views.push({ profile, page, sendsTo });
  }
  flagCloakedRedirects(url, views, findings);

  const origin = new URL(views[0]?.page.finalUrl ?? url).origin;
  for (const lead of GROUP_LEADS) {
    const referer = views.find((v) => v.profile.group === lead.group)?.page.finalUrl ?? `${origin}/`;
    for (const path of CMS_SCRIPTS) {
      plan.add(new URL(path, origin).href, 'script', 1, { profile: lead, referer }, true);
    }
  }
  for (let jobs = plan.take(); jobs.length > 0 && Date.now() < deadline; jobs = plan.take()) {
    await Promise.all(jobs.map(scanAsset));
  }
  return {
    url,
    findings: findings.list(),
    redirects,
    profiles: outcomes.map(({ profile, outcome }) => ({
      name: profile.name,
      status: outcome.ok ? outcome.page.status : 0,
      error: outcome.ok ? '' : outcome.error,
    })),
    assetsScanned: plan.fetchedCount,
  };

  async function scanAsset(job: AssetJob) {
    const headers = { ...job.profile.headers, referer: job.referer, accept: '*/*' };
    const outcome = await fetchText(job.url, headers, { maxBytes: ASSET_MAX, policy, deadline });
    if (!outcome.ok) return;
    const asset = outcome.page;
    for (const hop of asset.redirects)
      flagIndicator(new URL(hop.location ?? '', hop.url).href, 'redirect', asset, job.profile.name);
    if (asset.status >= 400) return;
    for (const match of set.scan(asset.text, job.kind === 'iframe' ? 'html' : 'js')) {
      findings.addMatch(match, asset, job.kind, job.profile.name);
    }
    follow(extractLoaded(asset.text, asset.finalUrl), asset, job.profile, job.depth + 1);
  }

  /**
   * Flags loads from indicator hosts and plans the other scripts and frames; answers where the
   * text sends the visitor on (meta refresh, script navigation).
   */
  function follow(loads: Loaded[], from: Fetched, profile: Profile, depth: number) {
    const sendsTo: { url: string; kind: string }[] = [];
    for (const load of loads) {
      if (load.kind === 'meta-refresh' || load.kind === 'js-location' || load.kind === 'refresh-header') {
        sendsTo.push({ url: load.url, kind: load.kind });
        scanUrl(load.url, 'redirect', from, profile.name);
        flagIndicator(load.url, 'redirect', from, profile.name);
        continue;
      }
      const where = load.kind === 'js-src' ? 'js-src' : `${load.kind}-src`;
      scanUrl(load.url, where, from, profile.name);
      if (flagIndicator(load.url, where, from, profile.name)) continue;
      plan.add(load.url, load.kind === 'iframe' ? 'iframe' : 'script', depth, {
        profile,
        referer: from.finalUrl,
      });
    }
    return sendsTo;
  }

  /** Signatures on addresses (`url` target): the whole address is the evidence. */
  function scanUrl(target: string, where: string, from: Fetched, profile: string) {
    for (const match of set.scan(target, 'url')) {
      findings.addMatch(
        { ...match, snippet: target, line: 0, offset: 0, decoded: false },
        from,
        where,
        profile,
      );
    }
  }

  function flagIndicator(target: string, where: string, page: Fetched, profile: string): boolean {
    const host = indicatorHostOf(target);
    if (!host) return false;
    findings.add(
      {
        signatureId: 'indicator.host',
        title: 'domain.sig.indicatorHost',
        severity: 'high',
        content: target,
        where,
        line: 0,
        offset: 0,
        assetUrl: page.finalUrl,
        requestHeaders: page.requestHeaders,
        responseHeaders: page.headers,
      },
      profile,
    );
    return true;
  }
}

/** A `Refresh: 0; url=…` response header: a redirect that no 3xx status announces. */
function refreshHeader(page: Fetched): Loaded[] {
  const target = /url\s*=\s*['"]?([^'"\s]+)/i.exec(page.headers.refresh ?? '')?.[1];
  if (!target) return [];
  try {
    return [{ url: new URL(target, page.finalUrl).href, kind: 'refresh-header' }];
  } catch {
    return [];
  }
}

import 'server-only';
import { getDomain } from 'tldts';
import type { TargetPolicy } from '../../net/policy';
import type { SignatureSet } from '../signatures/engine';
import { CMS_SCRIPTS, extractLoaded, type Loaded } from './extract';
import { type Fetched, fetchText } from './fetch-text';
import { FindingList, indicatorHostOf, type RawFinding } from './findings';
import { PROFILES, type Profile } from './profiles';

const PAGE_MAX = 2_000_000;
const ASSET_MAX = 1_000_000;
/** Assets (scripts, iframes, CMS static files) fetched per scan, over all profiles. */
export const MAX_ASSETS = 30;

export type Redirect = { profile: string; from: string; to: string; kind: string };
export type ScanResult = {
  url: string;
  findings: RawFinding[];
  redirects: Redirect[];
  profiles: { name: string; status: number; error: string }[];
  assetsScanned: number;
};

type Asset = { url: string; kind: Loaded['kind']; profile: Profile; referer: string };

/**
 * Visits `url` under every profile, follows what each version of the page loads (scripts,
 * iframes, the CMS's own static JS), records every redirect, and matches all of it against the
 * signature set. Indicator hosts count only as load or redirect targets.
 */
export async function scanSite(args: {
  url: string;
  set: SignatureSet;
  policy?: TargetPolicy;
}): Promise<ScanResult> {
  const { url, set, policy } = args;
  const findings = new FindingList();
  const redirects: Redirect[] = [];
  const assets = new Map<string, Asset>();
  const pages = await Promise.all(
    PROFILES.map(async (profile) => ({
      profile,
      outcome: await fetchText(url, profile.headers, { maxBytes: PAGE_MAX, policy }),
    })),
  );
  for (const { profile, outcome } of pages) {
    if (!outcome.ok) continue;
    const page = outcome.page;
    for (const hop of page.redirects) {
      const to = new URL(hop.location ?? '', hop.url).href;
      recordRedirect({ profile: profile.name, from: hop.url, to, kind: `http-${hop.status}` }, page);
    }
    for (const match of set.scan(page.text, 'html')) findings.addMatch(match, page, 'html', profile.name);
    for (const loaded of extractLoaded(page.text, page.finalUrl)) {
      if (loaded.kind === 'meta-refresh' || loaded.kind === 'js-location') {
        recordRedirect(
          { profile: profile.name, from: page.finalUrl, to: loaded.url, kind: loaded.kind },
          page,
        );
      } else if (
        !flagIndicator(loaded.url, `${loaded.kind}-src`, page, profile.name) &&
        !assets.has(loaded.url)
      ) {
        assets.set(loaded.url, { ...loaded, profile, referer: page.finalUrl });
      }
    }
  }
  flagCloakedRedirects(url, pages, findings);
  const firstPage = pages.find((p) => p.outcome.ok);
  const origin = new URL(firstPage?.outcome.ok ? firstPage.outcome.page.finalUrl : url).origin;
  for (const path of CMS_SCRIPTS) {
    const href = new URL(path, origin).href;
    if (!assets.has(href))
      assets.set(href, { url: href, kind: 'script', profile: PROFILES[0]!, referer: origin });
  }
  const chosen = [...assets.values()].slice(0, MAX_ASSETS);
  await Promise.all(
    chosen.map(async (asset) => {
      const headers = { ...asset.profile.headers, referer: asset.referer, accept: '*/*' };
      const outcome = await fetchText(asset.url, headers, { maxBytes: ASSET_MAX, policy });
      if (!outcome.ok || outcome.page.status >= 400) return;
      const kind = asset.kind === 'iframe' ? 'html' : 'js';
      for (const match of set.scan(outcome.page.text, kind)) {
        findings.addMatch(match, outcome.page, asset.kind, asset.profile.name);
      }
    }),
  );
  return {
    url,
    findings: findings.list(),
    redirects,
    profiles: pages.map(({ profile, outcome }) => ({
      name: profile.name,
      status: outcome.ok ? outcome.page.status : 0,
      error: outcome.ok ? '' : outcome.error,
    })),
    assetsScanned: chosen.length,
  };

  function recordRedirect(redirect: Redirect, page: Fetched) {
    redirects.push(redirect);
    flagIndicator(redirect.to, 'redirect', page, redirect.profile);
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

/** A visitor class sent to another site while desktop browsers stay: the classic cloaked redirect. */
function flagCloakedRedirects(
  url: string,
  pages: { profile: Profile; outcome: Awaited<ReturnType<typeof fetchText>> }[],
  findings: FindingList,
) {
  const home = getDomain(new URL(url).hostname) ?? new URL(url).hostname;
  const domainOf = (href: string) => getDomain(new URL(href).hostname) ?? new URL(href).hostname;
  const desktop = pages[0]?.outcome;
  if (desktop?.ok && domainOf(desktop.page.finalUrl) !== home) return;
  for (const { profile, outcome } of pages) {
    if (!outcome.ok || domainOf(outcome.page.finalUrl) === home) continue;
    findings.add(
      {
        signatureId: 'cloak.redirect',
        title: 'domain.sig.cloakedRedirect',
        severity: 'high',
        content: `${url} → ${outcome.page.finalUrl}`,
        where: 'redirect',
        line: 0,
        offset: 0,
        assetUrl: outcome.page.finalUrl,
        requestHeaders: outcome.page.requestHeaders,
        responseHeaders: outcome.page.headers,
      },
      profile.name,
    );
  }
}

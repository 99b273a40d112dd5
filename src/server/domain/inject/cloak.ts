import { getDomain } from 'tldts';
import type { Fetched } from './fetch-text';
import type { FindingList } from './findings';
import type { Profile } from './profiles';

/** What one profile saw of the page: where it ended, and where its HTML sends the visitor on. */
export type PageView = { profile: Profile; page: Fetched; sendsTo: { url: string; kind: string }[] };

const domainOf = (href: string) => {
  const host = new URL(href).hostname;
  return getDomain(host) ?? host;
};

/**
 * A class of visitor sent to another site while desktop browsers stay: the classic cloaked
 * redirect, whether by HTTP, meta refresh or script. A site that sends everyone away has moved,
 * which is not cloaking.
 */
export function flagCloakedRedirects(url: string, views: PageView[], findings: FindingList) {
  const home = domainOf(url);
  const desktop = views.find((v) => v.profile.name === 'desktop');
  if (desktop && domainOf(desktop.page.finalUrl) !== home) return;
  const desktopLeaves = new Set(desktop?.sendsTo.map((s) => domainOf(s.url)) ?? []);
  for (const { profile, page, sendsTo } of views) {
    const away = [
      ...(domainOf(page.finalUrl) !== home ? [{ url: page.finalUrl, kind: 'http' }] : []),
      ...sendsTo.filter((s) => domainOf(s.url) !== home && !desktopLeaves.has(domainOf(s.url))),
    ];
    for (const target of away) {
      findings.add(
        {
          signatureId: 'cloak.redirect',
          title: 'domain.sig.cloakedRedirect',
          severity: 'high',
          content: `${url} → ${target.url}`,
          where: 'redirect',
          line: 0,
          offset: 0,
          assetUrl: page.finalUrl,
          requestHeaders: page.requestHeaders,
          responseHeaders: page.headers,
        },
        profile.name,
      );
    }
  }
}

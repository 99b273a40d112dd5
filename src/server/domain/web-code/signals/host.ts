import 'server-only';
import { domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import { isPublicAddress } from '../../../net/policy';
import { editDistance } from '../../authenticity/edits';
import { findImitation } from '../../authenticity/imitation';
import { INDICATOR_HOSTS } from '../../signatures/builtin';
import { chineseTerm, termInLabel } from './terms';
import { THROWAWAY_TLDS } from './tlds';
import type { Signal } from './types';
import {
  COMPROMISED_DOMAINS,
  FILLER_WORDS,
  IMITATED_BRANDS,
  PROJECT_DOMAINS,
  SHARED_BRAND_NAMES,
  WELL_KNOWN_DOMAINS,
} from './well-known';

/** What a check knows about the site whose loads it judges. */
export type SiteContext = {
  /** Registrable domains (or hosts, for IP addresses) that are the site itself. */
  own: Set<string>;
  official: string[];
  /** Hosts the site loaded in its previous check, when it has one. */
  seenBefore: Set<string> | null;
};

export const registrable = (host: string) => {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  const p = parse(h, { allowPrivateDomains: false });
  return p.isIp ? h : (p.domain ?? h);
};

export function isOwn(url: URL, site: SiteContext): boolean {
  return site.own.has(registrable(url.hostname));
}

const FAKE_LIBRARY = /(?:jquery|vue|react|bootstrap|layui|swiper)\.min-\d+\.\d+\.\d+\.js$/i;

/**
 * The signals of a host the page loads from or sends visitors to: its names (gambling, adult and
 * lottery words, look-alikes of CDNs and of the official domains), its suffix, an address instead
 * of a name, an unusual port, the built-in list, and whether the site loaded it before. Widely
 * used services and the official domains weigh against.
 */
export function hostSignals(url: URL, site: SiteContext): Signal[] {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const p = parse(host, { allowPrivateDomains: false });
  const domain = p.isIp ? host : (p.domain ?? host);
  const signals: Signal[] = [];
  if (site.official.includes(domain) || PROJECT_DOMAINS.has(domain))
    return [{ id: 'hostOfficial', weight: -10 }];
  if (WELL_KNOWN_DOMAINS.has(domain) || WELL_KNOWN_DOMAINS.has(host))
    return [{ id: 'hostWellKnown', weight: -6 }];
  if (INDICATOR_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))) {
    signals.push({ id: 'hostIndicator', weight: 6 });
  }
  if (COMPROMISED_DOMAINS.has(domain))
    signals.push({ id: 'hostCompromised', weight: 6, params: { host: domain } });
  // A private address would be broken for every visitor: only public ones are an attacker's.
  if (p.isIp && isPublicAddress(host)) signals.push({ id: 'hostIp', weight: 3 });
  if (url.port && url.port !== '80' && url.port !== '443')
    signals.push({ id: 'hostPort', weight: 1, params: { port: url.port } });
  const label = p.domainWithoutSuffix ?? '';
  const term = p.isIp ? null : (termInLabel(label) ?? chineseTerm(domainToUnicode(domain)));
  if (term) signals.push({ id: 'hostTerm', weight: 4, params: term });
  else {
    // The suffix too: `.bet`, `.casino`, `.poker` are gambling words themselves.
    const sub = p.isIp ? null : (termInLabel(p.subdomain ?? '') ?? termInLabel(p.publicSuffix ?? ''));
    if (sub) signals.push({ id: 'hostTerm', weight: 4, params: sub });
  }
  const lookalike = p.isIp ? null : imitated(label, p.publicSuffix ?? '', p.subdomain ?? '', site.official);
  if (lookalike) signals.push({ id: 'hostLookalike', weight: 5, params: { of: lookalike } });
  if (p.publicSuffix && THROWAWAY_TLDS.has(p.publicSuffix)) {
    signals.push({ id: 'hostTld', weight: 2, params: { tld: `.${p.publicSuffix}` } });
  }
  if (!p.isIp && /\d{3,}/.test(label)) signals.push({ id: 'hostDigits', weight: 1 });
  if (site.seenBefore && !site.seenBefore.has(host)) signals.push({ id: 'hostFirstSeen', weight: 1 });
  return signals;
}

/** Signals of the address's path and query: a fake library file name, Chinese gambling words. */
export function pathSignals(url: URL): Signal[] {
  const signals: Signal[] = [];
  const file = url.pathname.split('/').pop() ?? '';
  if (FAKE_LIBRARY.test(file)) signals.push({ id: 'fakeLibrary', weight: 4, params: { file } });
  let text = `${url.pathname}${url.search}`;
  try {
    text = decodeURIComponent(text);
  } catch {
    // a malformed escape: read the address as it is
  }
  const term = chineseTerm(text);
  if (term) signals.push({ id: 'urlTerm', weight: 2, params: term });
  return signals;
}

/** The brand or official domain a host label imitates, if any. */
function imitated(label: string, suffix: string, subdomain: string, official: string[]): string | null {
  const asOfficial = findImitation(
    { label, suffix, subdomain: '', unicodeLabel: domainToUnicode(label) },
    official,
  );
  // The brand plus a word, or a loose resemblance, is how theme and plugin sellers name themselves.
  const loose = asOfficial?.techniques.some((t) => t === 'combosquatting' || t === 'similar');
  if (asOfficial && !loose) return asOfficial.imitates;
  const l = label.toLowerCase();
  for (const brand of IMITATED_BRANDS) {
    // The same name on another suffix (`jsdelivr.com`, `baidu.cc`): the real ones are well known.
    if (l === brand) {
      if (!SHARED_BRAND_NAMES.has(brand)) return brand;
      continue;
    }
    if (brand.length >= 6 && Math.abs(l.length - brand.length) <= 2 && editDistance(l, brand) <= 2)
      return brand;
    if (brand.length >= 4 && l.includes(brand)) {
      const rest = l
        .replace(brand, '')
        .split(/[-\d]+/)
        .filter(Boolean);
      if (rest.every((w) => FILLER_WORDS.has(w))) return brand;
    }
  }
  // A brand or a well-known domain spelled in the subdomain of someone else's domain
  // (`cdnjs.cloudflare.com.example.top`, `hm.baidu.com.example.top`).
  const sub = subdomain.toLowerCase();
  const inSub = [...WELL_KNOWN_DOMAINS, ...official].find((d) => `.${sub}.`.includes(`.${d}.`));
  if (inSub) return inSub;
  if (sub.split('.').some((s) => IMITATED_BRANDS.includes(s) && s.length >= 6)) return subdomain;
  return null;
}

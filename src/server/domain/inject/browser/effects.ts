import 'server-only';
import { officialDomains } from '../../authenticity/official';
import {
  chineseTerm,
  hostSignals,
  isFirstParty,
  type RawFinding,
  registrable,
  type Signal,
  type SiteContext,
  scoreOf,
  severityOf,
  termInLabel,
} from '../../web-code';
import type { VisitRecord } from './visit';

/** Hosts and files of in-browser miners and their pools (a pool is reached over a WebSocket). */
const MINER =
  /coinhive|coin-hive|cryptoloot|crypto-loot|coinimp|webminepool|minero\.cc|jsecoin|monerominer|cryptonight|coinhave|deepminer|\bxmr[.-]|xmrig|minergate|nicehash|moneropool|supportxmr|hashvault|stratum/i;
/** A frame that takes at least this share of the window replaces the page for the visitor. */
const COVERS = 0.85;

type Kind = 'navigate' | 'window' | 'cover' | 'promo' | 'canonical' | 'miner';

/** One thing a page did for one visitor, keyed by what it is and whose site it leads to. */
type Effect = {
  kind: Kind;
  url: string;
  /** How: the request, meta refresh, Refresh header, link text, the frame's box… */
  how: string;
  evidence: string;
  /** The script that did it, when the browser knows; else the page's address. */
  by: string;
  hidden: string;
  fixed: boolean;
  term: { category: string; term: string } | null;
};

const TITLE: Record<Kind, string> = {
  navigate: 'domain.sig.browserRedirect',
  window: 'domain.sig.browserWindow',
  cover: 'domain.sig.browserCover',
  promo: 'domain.sig.browserPromo',
  canonical: 'domain.sig.browserCanonical',
  miner: 'domain.sig.browserMiner',
};

/**
 * What the pages did, judged: a visitor sent to another site, a window opened on one, a frame of
 * another site over the whole window, gambling, adult or lottery promotion (hidden or not, as the
 * browser laid it out), a canonical address on another site, a miner; each stronger when only
 * some visitors got it (cloaking). Evidence: the address, the script that acted, the visitors.
 */
export function browserFindings(url: string, visits: VisitRecord[]): RawFinding[] {
  const read = visits.filter((v) => v.probe || v.requests.length > 0);
  if (read.length === 0) return [];
  const desktop = read.find((v) => v.visitor.name === 'desktop');
  const own = new Set([registrable(new URL(url).hostname)]);
  if (desktop?.landing) own.add(registrable(new URL(desktop.landing).hostname));
  const site: SiteContext = { own, official: officialDomains(), seenBefore: null };
  const declared = new Set(
    read
      .flatMap((v) => v.probe?.declared ?? [])
      .flatMap((d) => hostOf(d))
      .filter((h) => scoreOf(hostSignals(new URL(`http://${h}/`), site)) < 2)
      .map((h) => registrable(h)),
  );
  const foreign = (u: URL) =>
    !isFirstParty(u, site, declared) && !hostSignals(u, site).some((s) => s.weight < 0);

  const byKey = new Map<string, { effect: Effect; visits: Map<string, VisitRecord> }>();
  for (const visit of read) {
    for (const effect of effectsOf(visit, foreign)) {
      const key = `${effect.kind}|${registrable(new URL(effect.url).hostname)}`;
      const had = byKey.get(key) ?? { effect, visits: new Map() };
      // The strongest form of it: hidden over shown, fixed over in the flow.
      if ((effect.hidden && !had.effect.hidden) || (effect.fixed && !had.effect.fixed)) had.effect = effect;
      had.visits.set(visit.visitor.name, visit);
      byKey.set(key, had);
    }
  }
  // Only visits that ran to the end say what a visitor did not get: one the time cut says nothing.
  const names = read.filter((v) => v.probe && !v.cut).map((v) => v.visitor.name);
  const baseline = desktop?.probe && !desktop.cut;
  const out: RawFinding[] = [];
  for (const { effect, visits: got } of byKey.values()) {
    const seen = [...got.keys()];
    const missing = names.filter((n) => !got.has(n));
    const cloaked = baseline && !got.has('desktop') ? missing : [];
    const signals = signalsOf(effect, site, seen, cloaked);
    let severity = severityOf(scoreOf(signals));
    // Promotion anyone can see is reported, ranked below what is hidden or shown only to some.
    if (effect.kind === 'promo' && !effect.hidden && cloaked.length === 0 && severity) severity = 'medium';
    if (!severity) continue;
    const visit = got.values().next().value!;
    out.push({
      signatureId: `browser.${effect.kind}${effect.kind === 'promo' && effect.hidden ? '.hidden' : ''}`,
      title: effect.kind === 'promo' && effect.hidden ? 'domain.sig.browserHiddenPromo' : TITLE[effect.kind],
      severity,
      content: effect.evidence,
      where: `browser:${effect.how}`,
      line: 0,
      offset: 0,
      assetUrl: effect.by || visit.landing || url,
      profiles: seen,
      notSeenBy: cloaked,
      signals: signals.sort((a, b) => b.weight - a.weight),
      decodedUrl: effect.url,
      addedCode: '',
      nearestOfficial: '',
      requestHeaders: visit.visitor.headers,
      responseHeaders: {},
    });
  }
  return out;
}

function signalsOf(effect: Effect, site: SiteContext, seen: string[], cloaked: string[]): Signal[] {
  const target = new URL(effect.url);
  const host = hostSignals(target, site).filter((s) => s.weight > 0);
  const signals: Signal[] = [];
  const url = effect.url;
  switch (effect.kind) {
    case 'navigate':
      signals.push({ id: 'browserNavigated', weight: 2, params: { url, how: effect.how } }, ...host);
      break;
    case 'window':
      signals.push({ id: 'browserOpened', weight: 2, params: { url } }, ...host);
      break;
    case 'cover':
      signals.push({ id: 'browserCovers', weight: effect.fixed ? 4 : 2, params: { url } }, ...host);
      break;
    case 'canonical':
      signals.push({ id: 'browserCanonical', weight: 2, params: { url } }, ...host);
      break;
    case 'miner':
      signals.push({ id: 'browserMiner', weight: 6, params: { url } });
      break;
    case 'promo': {
      const term = effect.term ?? { category: 'gambling', term: '' };
      signals.push(
        effect.hidden
          ? { id: 'browserHiddenPromo', weight: 4, params: { why: effect.hidden } }
          : { id: 'browserPromo', weight: 4, params: { count: '1' } },
        { id: 'linkTerms', weight: 2, params: term },
      );
      break;
    }
  }
  if (cloaked.length > 0)
    signals.push({
      id: 'cloaked',
      weight: 4,
      params: { seen: seen.join(', '), missing: cloaked.join(', ') },
    });
  if (effect.by && effect.kind !== 'miner') {
    try {
      const by = new URL(effect.by);
      if (!site.own.has(registrable(by.hostname)) && !hostSignals(by, site).some((s) => s.weight < 0))
        signals.push({ id: 'browserForeignScript', weight: 2, params: { url: effect.by } });
    } catch {
      // An inline script or a blob: its page is the evidence.
    }
  }
  return signals;
}

/** Every effect of one visit that leads to another site (or mines). */
function effectsOf(visit: VisitRecord, foreign: (u: URL) => boolean): Effect[] {
  const out: Effect[] = [];
  const page = visit.probe?.url ?? visit.landing;
  const add = (kind: Kind, raw: string, how: string, evidence: string, extra: Partial<Effect> = {}) => {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      return;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
    if (kind !== 'miner' && !foreign(u)) return;
    out.push({ kind, url: u.href, how, evidence, by: '', hidden: '', fixed: false, term: null, ...extra });
  };
  for (const r of visit.requests) {
    if (r.top) add('navigate', r.url, 'navigation', r.url, { by: scriptOf(r.initiator, page) });
    if (r.window) add('window', r.url, 'window', r.url, { by: scriptOf(r.initiator, page) });
    const refresh = /url\s*=\s*['"]?([^'"\s]+)/i.exec(r.refresh)?.[1];
    if (r.top && refresh) add('navigate', new URL(refresh, r.url).href, 'refresh-header', r.refresh);
    if (MINER.test(r.url)) add('miner', r.url, r.type, r.url, { by: scriptOf(r.initiator, page) });
  }
  for (const s of [...visit.sockets, ...visit.workers]) if (MINER.test(s)) add('miner', s, 'socket', s);
  const probe = visit.probe;
  if (!probe) return out;
  for (const [kind, u] of probe.log) if (kind === 'window') add('window', u, 'window.open', u);
  for (const r of probe.refresh) add('navigate', r.url, 'meta-refresh', `refresh ${r.delay}; ${r.url}`);
  for (const f of probe.frames) {
    if (f.share >= COVERS || f.frameset)
      add('cover', f.url, 'frame', `${f.html}\n${f.w}×${f.h} @ ${f.x},${f.y}`, { fixed: f.fixed });
  }
  for (const l of probe.links) {
    const by = scriptOf(l.by ?? '', page);
    const said = chineseTerm(l.text);
    let term: Effect['term'] = said;
    try {
      term ??= termInLabel(new URL(l.url).hostname.split('.').slice(-2, -1)[0] ?? '');
    } catch {
      continue;
    }
    if (!term) continue;
    // A link in sight promotes by its words; one whose only sign is its host's name (a "report
    // this site" link) is promotion only when hidden or written by another site's script.
    if (!said && !l.hidden && !(by && isForeign(by, foreign))) continue;
    const where = l.hidden ? `hidden (${l.hidden})` : `shown at ${l.x},${l.y} (${l.w}×${l.h})`;
    add('promo', l.url, 'link', `${l.text || '-'} → ${l.url}\n${where}\n${l.html}`, {
      hidden: l.hidden,
      term,
      by,
    });
  }
  for (const c of probe.canonical) {
    try {
      const label = new URL(c).hostname.split('.').slice(-2, -1)[0] ?? '';
      add('canonical', c, 'canonical', c, { term: termInLabel(label) });
    } catch {
      // Not an address.
    }
  }
  return out;
}

function isForeign(raw: string, foreign: (u: URL) => boolean): boolean {
  try {
    return foreign(new URL(raw));
  } catch {
    return false;
  }
}

/** The script behind an effect, when it is not the page's own markup. */
function scriptOf(initiator: string, page: string): string {
  return initiator && initiator !== page ? initiator : '';
}

function hostOf(raw: string): string[] {
  try {
    return [new URL(raw).hostname.toLowerCase()];
  } catch {
    return [];
  }
}

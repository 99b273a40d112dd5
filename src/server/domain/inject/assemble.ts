import 'server-only';
import type { FileVerdict } from '../official/compare';
import {
  cloakedLinkFarm,
  type FetchOutcome,
  fileSignals,
  foreignLinks,
  hiddenLinkFarm,
  inPageHtml,
  lineOf,
  loadSignals,
  mergeSignals,
  type Observation,
  type PageLink,
  type Profile,
  type RawFinding,
  type ReadDoc,
  registrable,
  type Signal,
  type SiteContext,
  scoreOf,
  severityOf,
  type TraitSource,
  traitFindings,
} from '../web-code';
import type { Candidate, ScopeView } from './cloak';
import type { StaticFileSeen } from './read-asset';
import { titleFindings } from './seo-title';

type Args = {
  observations: Observation[];
  site: SiteContext;
  firstParty: (url: URL) => boolean;
  confirmed: Candidate[];
  scopes: Map<string, ScopeView[]>;
  views: { profile: Profile; outcome: FetchOutcome; read: ReadDoc | null }[];
  staticFiles: StaticFileSeen[];
  /** Links per scope (the page, or a script that writes them) and per profile. */
  links: Map<string, Map<string, PageLink[]>>;
  traits: TraitSource[];
};

const KIND_NAME = {
  script: 'Script',
  iframe: 'Frame',
  style: 'Style',
  object: 'Object',
  navigate: 'Redirect',
  beacon: 'Beacon',
  clipboard: 'Clipboard',
} as const;
const MAX_ADDED = 4_000;
/** Code in an addition that loads, writes, runs strings or navigates: more than a customisation. */
const ACTIVE_CODE =
  /\beval\s*\(|document\.write|createElement|\blocation\b|window\.open|setTimeout\s*\(\s*["']|\bFunction\s*\(|\.src\s*=|fromCharCode|\batob\s*\(|unescape\s*\(|\\x[0-9a-f]{2}|getScript|innerHTML/i;

const cloakSignal = (c: Candidate): Signal => ({
  id: 'cloaked',
  weight: 4,
  params: { seen: c.seen.join(', '), missing: c.missing.join(', ') },
});

/** Every finding of a scan: judged loads, link blocks, tampered static files. */
export async function assembleFindings(args: Args): Promise<RawFinding[]> {
  return [
    ...loadFindings(args),
    ...linkFindings(args),
    ...fileFindings(args.staticFiles, args.observations),
    ...titleFindings(args.views, args.confirmed, cloakSignal),
    ...traitFindings(args.traits),
  ];
}

/** Loads grouped by address; each judged by its merged signals and, where confirmed, cloaking. */
function loadFindings({ observations, site, firstParty, confirmed }: Args): RawFinding[] {
  const groups = new Map<string, Observation[]>();
  for (const o of observations) {
    const key = `${o.load.kind}|${o.load.url}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const out: RawFinding[] = [];
  for (const group of groups.values()) {
    const u = new URL(group[0]!.load.url);
    // The site's own files: only their names are suspicious in themselves (their content is read).
    const own = firstParty(u);
    const scored = group.map((o) => ({ o, signals: own ? fileSignals(o.load, u) : loadSignals(o, site) }));
    const key =
      group[0]!.load.kind === 'navigate'
        ? `nav:${registrable(u.hostname)}`
        : `${group[0]!.load.kind}:${u.hostname}`;
    const cloak = own
      ? undefined
      : confirmed.find((c) => c.key === key && group.some((o) => o.source.scope === c.scope));
    const signals = mergeSignals([...scored.map((s) => s.signals), cloak ? [cloakSignal(cloak)] : []]);
    const severity = severityOf(scoreOf(signals));
    if (!severity) continue;
    const best = scored.sort((a, b) => scoreOf(b.signals) - scoreOf(a.signals))[0]!.o;
    const kind = KIND_NAME[best.load.kind];
    out.push({
      signatureId: `${cloak ? 'cloak' : 'load'}.${kind.toLowerCase()}`,
      title: `domain.sig.${cloak ? 'cloaked' : 'load'}${kind}`,
      severity,
      content: best.load.evidence,
      where: best.load.how,
      line: best.source.text ? lineOf(best.source.text, best.load.offset) : 0,
      offset: best.load.offset,
      assetUrl: best.source.url,
      profiles: [...new Set(group.map((o) => o.source.profile.name))],
      notSeenBy: cloak?.missing ?? [],
      signals: signals.sort((a, b) => b.weight - a.weight),
      decodedUrl: best.load.url,
      addedCode: '',
      nearestOfficial: '',
      requestHeaders: best.source.requestHeaders,
      responseHeaders: best.source.responseHeaders,
    });
  }
  return out;
}

/** Hidden blocks of links to other sites, and blocks of links only some visitors get. */
function linkFindings({ views, site, firstParty, confirmed, links: byScope }: Args): RawFinding[] {
  const byBlock = new Map<string, RawFinding>();
  const linksOf = (profile: string, scope?: string): PageLink[] =>
    [...byScope].filter(([s]) => !scope || s === scope).flatMap(([, m]) => m.get(profile) ?? []);
  const add = (profile: string, links: PageLink[], signals: Signal[], notSeenBy: string[], id: string) => {
    const severity = severityOf(scoreOf(signals));
    const view = views.find((v) => v.profile.name === profile);
    if (!severity || !view?.outcome.ok) return;
    const domains = [...new Set(links.map((l) => registrable(new URL(l.url).hostname)))].sort();
    const key = `${id}|${domains.join(',')}`;
    const had = byBlock.get(key);
    if (had) {
      if (!had.profiles.includes(profile)) had.profiles.push(profile);
      return;
    }
    byBlock.set(key, {
      signatureId: id,
      title: id === 'cloak.links' ? 'domain.sig.cloakedLinks' : 'domain.sig.hiddenLinks',
      severity,
      content: links
        .slice(0, 12)
        .map((l) => `${l.text || '-'} → ${l.url}`)
        .join('\n'),
      ...inPageHtml(view.outcome.page, links[0]!.start),
      profiles: [profile],
      notSeenBy,
      signals,
    });
  };
  for (const view of views) {
    const foreign = foreignLinks(linksOf(view.profile.name), site, firstParty);
    const farm = hiddenLinkFarm(foreign);
    if (farm) add(view.profile.name, farm.links, farm.signals, [], 'seo.hidden-links');
  }
  const cloaked = confirmed.filter((c) => c.key.startsWith('link:'));
  for (const seenBy of new Set(cloaked.map((c) => `${c.scope}|${c.seen.join(',')}`))) {
    const block = cloaked.filter((c) => `${c.scope}|${c.seen.join(',')}` === seenBy);
    const domains = new Set(block.map((c) => c.key.slice(5)));
    for (const profile of block[0]!.seen) {
      const links = foreignLinks(linksOf(profile, block[0]!.scope), site, firstParty).filter((l) =>
        domains.has(registrable(new URL(l.url).hostname)),
      );
      const farm = cloakedLinkFarm(links, cloakSignal(block[0]!));
      if (farm) add(profile, farm.links, farm.signals, block[0]!.missing, 'cloak.links');
    }
  }
  return [...byBlock.values()];
}

/** Static files that match no official release, with what they add to the nearest one. */
function fileFindings(files: StaticFileSeen[], observations: Observation[]): RawFinding[] {
  const byUrl = new Map<string, RawFinding>();
  for (const f of files) {
    const v = f.verdict as FileVerdict;
    const key = new URL(f.url).pathname;
    if ((v.status !== 'tampered' && v.status !== 'config') || v.added.length === 0) continue;
    const had = byUrl.get(key);
    if (had) {
      if (!had.profiles.includes(f.profile)) had.profiles.push(f.profile);
      continue;
    }
    const added = v.added.map((a) => a.text).join('\n…\n');
    const loads = observations.some(
      (o) => o.source.url === f.url && o.source.added.length > 0 && o.load.byCode,
    );
    const active = ACTIVE_CODE.test(added) || Boolean(f.obfuscated);
    const severity = loads || active ? (loads ? 'high' : 'medium') : 'low';
    const nearest = v.status === 'tampered' ? v.nearest.join(', ') : '';
    byUrl.set(key, {
      signatureId: 'file.tampered',
      title: 'domain.sig.tamperedFile',
      severity,
      content: added.slice(0, 500),
      where: 'script',
      line: f.line,
      offset: v.added[0]!.offset,
      assetUrl: f.url,
      profiles: [f.profile],
      notSeenBy: [],
      signals: [
        {
          id: v.status === 'config' ? 'configCode' : 'tampered',
          weight: 5,
          params: { file: v.path, nearest },
        },
        ...(active ? [{ id: 'activeCode', weight: 2 }] : []),
        ...(f.obfuscated
          ? [{ id: 'obfuscated', weight: 2, params: { file: v.path, how: f.obfuscated } }]
          : []),
      ],
      decodedUrl: '',
      addedCode: added.slice(0, MAX_ADDED),
      nearestOfficial: nearest,
      requestHeaders: f.requestHeaders,
      responseHeaders: f.responseHeaders,
    });
  }
  return [...byUrl.values()];
}

import 'server-only';
import type { TargetPolicy } from '../../net/policy';
import { officialDomains } from '../authenticity/official';
import type { OfficialFiles } from '../official/official-files';
import type { SignatureSet } from '../signatures/engine';
import {
  CHECK_BUDGET_MS,
  CMS_SCRIPTS,
  DocReader,
  type Fetched,
  FINDING_AT,
  FindingList,
  type FoundLoad,
  fetchText,
  GROUP_LEADS,
  hideByStylesheets,
  hideWhatScriptsHide,
  hostSignals,
  isFirstParty,
  loadSignals,
  type Observation,
  type PageLink,
  PROFILES,
  type Profile,
  type RawFinding,
  type ReadDoc,
  registrable,
  type SiteContext,
  scoreOf,
  type TraitSource,
  traitSource,
} from '../web-code';
import { assembleFindings } from './assemble';
import { type AssetJob, AssetPlan } from './assets';
import type { BrowserPass } from './browser/browser-pass';
import { type Candidate, cloakCandidates, type ScopeView } from './cloak';
import { type Cut, Cuts } from './coverage';
import { type PageView, pageObservations } from './page-observations';
import { readAsset, type StaticFileSeen } from './read-asset';
import { titleKey } from './seo-title';

export const PAGE_MAX = 2_000_000;
export const ASSET_MAX = 1_000_000;
/** Fetches of scripts and frames per scan, over all profiles and both levels. */
export const MAX_ASSET_FETCHES = 30;
/** Page fetches spent confirming what only some profiles got (besides the desktop one). */
const MAX_RECHECKS = 4;
/** Syntax nodes read per scan, over every page and script. */
const NODE_BUDGET = 4_000_000;

export type Redirect = { profile: string; from: string; to: string; kind: string };
export type ScanResult = {
  url: string;
  status: 'clean' | 'injected' | 'partial';
  findings: RawFinding[];
  redirects: Redirect[];
  profiles: { name: string; status: number; error: string }[];
  assetsScanned: number;
  /** What was cut by a limit (size, time, fetch cap): why the check is partial. */
  cuts: Cut[];
  /** The other sites' hosts the site loads: "first seen" is judged against them next time. */
  hosts: string[];
  /** The CMS's static files and what they were found to be. */
  staticFiles: StaticFileSeen[];
  /** The browser pass: whether it ran (else why not) and what each visit came to. */
  browser?: Pick<BrowserPass, 'state' | 'visits'>;
};

/**
 * Visits `url` under every profile, reads what each version of the page loads (with a real HTML
 * parser and a static reader of its scripts), follows the scripts and frames it loads and the
 * CMS's own static files (compared with the official release files), tells what only some
 * visitors get from what changes on every load by fetching twice, and judges each load by its
 * combined signals. What a limit cut is said, never taken for clean.
 */
export async function scanSite(args: {
  url: string;
  set: SignatureSet;
  official: OfficialFiles;
  policy?: TargetPolicy;
  /** Hosts the site loaded in its previous check, if any. */
  seenBefore?: Set<string> | null;
  /** Time for the whole check; fetches still waiting when it runs out count as timed out. */
  budgetMs?: number;
}): Promise<ScanResult> {
  const { url, set, policy, official } = args;
  const deadline = Date.now() + (args.budgetMs ?? CHECK_BUDGET_MS);
  const reader = new DocReader(set, { nodes: NODE_BUDGET, cut: false });
  const cuts = new Cuts();
  const signatures = new FindingList();
  const observations: Observation[] = [];
  const scopes = new Map<string, ScopeView[]>();
  const links = new Map<string, Map<string, PageLink[]>>();
  const staticFiles: StaticFileSeen[] = [];
  const plan = new AssetPlan(MAX_ASSET_FETCHES);
  const traits: TraitSource[] = [];

  const fetchPage = (profile: Profile) =>
    fetchText(url, profile.headers, { maxBytes: PAGE_MAX, policy, deadline });
  const views: PageView[] = await Promise.all(
    PROFILES.map(async (profile) => {
      const outcome = await fetchPage(profile);
      return { profile, outcome, read: outcome.ok ? readPage(outcome.page, cuts, profile) : null };
    }),
  );
  const desktop = views.find((v) => v.profile.name === 'desktop');
  const origin = new URL(desktop?.outcome.ok ? desktop.outcome.page.finalUrl : url).origin;
  const site: SiteContext = {
    own: new Set([registrable(new URL(url).hostname), registrable(new URL(origin).hostname)]),
    official: officialDomains(),
    seenBefore: args.seenBefore ?? null,
  };
  // The site's own other domains as it declares them; a declared host that looks bad is not trusted.
  const declared = new Set(
    views
      .flatMap((v) => v.read?.doc.declared ?? [])
      .filter((h) => scoreOf(hostSignals(new URL(`http://${h}/`), { ...site, seenBefore: null })) < 2),
  );
  const firstParty = (u: URL) => isFirstParty(u, site, declared);

  for (const view of views) {
    const obs = pageObservations(view, url, cuts);
    observations.push(...obs);
    addScope(
      'page',
      view.profile.name,
      obs,
      view.read?.doc.links ?? [],
      view.outcome.ok,
      titleKey(view.read),
    );
    if (view.outcome.ok && view.read) {
      for (const m of view.read.matches) signatures.addMatch(m, view.outcome.page, 'html', view.profile.name);
      traits.push(traitSource(view.read, view.outcome.page, 'html', view.profile.name));
      planFrom(obs, view.profile, view.outcome.page.finalUrl, 1);
    }
  }
  for (const lead of GROUP_LEADS) {
    const referer = views.find((v) => v.profile.group === lead.group && v.outcome.ok);
    const from = referer?.outcome.ok ? referer.outcome.page.finalUrl : `${origin}/`;
    for (const path of CMS_SCRIPTS)
      plan.add(new URL(path, origin).href, 'script', 1, { profile: lead, referer: from }, true);
  }
  for (let jobs = plan.take(); jobs.length > 0 && Date.now() < deadline; jobs = plan.take()) {
    await Promise.all(jobs.map(scanAsset));
  }
  if (plan.unfetched > 0) cuts.add({ what: 'assets', url: '', detail: String(plan.unfetched) });
  // After the scripts: classes a script file gives the page's elements are read with the stylesheets.
  await hideByStylesheets({
    docs: views.flatMap((v) => (v.read ? [v.read.doc] : [])),
    foreign: (u) => !firstParty(u) && !benign(u),
    own: firstParty,
    headers: { ...(desktop?.profile ?? PROFILES[0]!).headers, referer: `${origin}/` },
    policy,
    deadline,
  });

  const candidates = [...scopes].flatMap(([scope, list]) => cloakCandidates(scope, list));
  const confirmed = await confirm(candidates);
  const findings = await assembleFindings({
    observations,
    site,
    firstParty,
    confirmed,
    scopes,
    views,
    staticFiles,
    links,
    traits,
  });
  for (const f of signatures.list()) findings.push(f);
  if (reader.budget.cut) cuts.add({ what: 'analysis', url: '', detail: '' });
  const injected = findings.some((f) => f.severity !== 'low');
  return {
    url,
    status: injected ? 'injected' : cuts.list().length > 0 ? 'partial' : 'clean',
    findings: findings.sort((a, b) => rank(a) - rank(b)),
    redirects: observations
      .filter((o) => o.load.kind === 'navigate' && o.source.scope === 'page')
      .map((o) => ({ profile: o.source.profile.name, from: o.source.url, to: o.load.url, kind: o.load.how })),
    profiles: views.map(({ profile, outcome }) => ({
      name: profile.name,
      status: outcome.ok ? outcome.page.status : 0,
      error: outcome.ok ? '' : outcome.error,
    })),
    assetsScanned: plan.fetchedCount,
    cuts: cuts.list(),
    hosts: [
      ...new Set(
        observations
          .map((o) => new URL(o.load.url))
          .filter((u) => !firstParty(u))
          .map((u) => u.hostname),
      ),
    ],
    staticFiles,
  };

  function readPage(page: Fetched, into: Cuts, profile: Profile): ReadDoc | null {
    if (page.truncated)
      into.add({ what: 'page', url: page.finalUrl, detail: String(PAGE_MAX), profile: profile.name });
    return page.status < 400 || page.text.length > 0 ? reader.html(page.text, page.finalUrl) : null;
  }

  /** Keys of what one profile got in one scope, for the cloaking comparison. */
  function addScope(
    scope: string,
    profile: string,
    obs: Observation[],
    found: PageLink[],
    full: boolean,
    title: string | null = null,
  ) {
    const byProfile = links.get(scope) ?? new Map<string, PageLink[]>();
    byProfile.set(profile, [...(byProfile.get(profile) ?? []), ...found]);
    links.set(scope, byProfile);
    const keys = new Set<string>();
    const all = new Set<string>();
    for (const o of obs) {
      const u = new URL(o.load.url);
      all.add(`${o.load.kind}:${u.host}${u.pathname.replace(/\d{3,}/g, '#')}`);
      const key = cloakKey(o.load, u);
      if (key) keys.add(key);
    }
    for (const l of found) {
      const u = new URL(l.url);
      if (!firstParty(u) && !benign(u)) keys.add(`link:${registrable(u.hostname)}`);
    }
    if (title) keys.add(title);
    if (!full && keys.size === 0) return;
    const list = scopes.get(scope) ?? [];
    list.push({ profile, keys, all });
    scopes.set(scope, list);
  }

  function benign(u: URL) {
    return hostSignals(u, { ...site, seenBefore: null }).some((s) => s.weight < 0);
  }

  function cloakKey(load: FoundLoad, u: URL): string | null {
    if (firstParty(u) || benign(u)) return null;
    return load.kind === 'navigate' ? `nav:${registrable(u.hostname)}` : `${load.kind}:${u.hostname}`;
  }

  /** Scripts and frames to read: the site's own, and other sites' ones the signals do not settle yet. */
  function planFrom(obs: Observation[], profile: Profile, referer: string, depth: number) {
    for (const o of obs) {
      if (o.load.kind !== 'script' && o.load.kind !== 'iframe') continue;
      const u = new URL(o.load.url);
      if (!firstParty(u)) {
        const score = scoreOf(loadSignals(o, site));
        if (benign(u) || score >= FINDING_AT) continue;
      }
      plan.add(o.load.url, o.load.kind, depth, { profile, referer });
    }
  }

  async function scanAsset(job: AssetJob) {
    const got = await readAsset({
      job,
      official,
      reader,
      policy,
      deadline,
      maxBytes: ASSET_MAX,
      cuts,
      firstParty,
    });
    if (!got) return;
    if (got.staticFile) staticFiles.push(got.staticFile);
    observations.push(...got.observations);
    for (const m of got.read?.matches ?? []) signatures.addMatch(m, got.fetched, job.kind, job.profile.name);
    addScope(job.url, job.profile.name, got.observations, got.read?.doc.links ?? [], true);
    // Scripts run in the page; another site's frame navigates only itself.
    if (got.read && (job.kind === 'script' || firstParty(new URL(got.fetched.finalUrl))))
      traits.push(
        traitSource(got.read, got.fetched, job.kind === 'script' ? 'script' : 'html', job.profile.name),
      );
    // A title a loaded script sets as the page loads is a title of the pages that load it, and
    // what it hides there (by id, or by a class the page's or the site's styles hide) is hidden.
    const script = job.kind === 'script' ? got.read?.doc : undefined;
    for (const view of script ? views : []) {
      const page = view.read?.doc;
      if (view.profile.group !== job.profile.group || !page || !script) continue;
      page.seo.titles.push(...script.seo.titles);
      page.acts.push(...script.acts);
      hideWhatScriptsHide(page, page);
    }
    planFrom(got.observations, job.profile, got.fetched.finalUrl, job.depth + 1);
  }

  /**
   * Fetches again, as the first profile that got each difference and as the desktop browser:
   * a difference that holds on the second fetch is cloaking; one that does not is noise.
   */
  async function confirm(list: Candidate[]): Promise<Candidate[]> {
    if (list.length === 0) return [];
    const wanted = new Map<string, Set<string>>();
    for (const c of list) {
      const set = wanted.get(c.scope) ?? new Set(['desktop']);
      set.add(c.seen[0]!);
      wanted.set(c.scope, set);
    }
    const again = new Map<string, Map<string, Set<string> | null>>();
    let pages = 0;
    await Promise.all(
      [...wanted].map(async ([scope, names]) => {
        const byProfile = new Map<string, Set<string> | null>();
        again.set(scope, byProfile);
        await Promise.all(
          [...names].map(async (name) => {
            if (scope === 'page' && name !== 'desktop' && ++pages > MAX_RECHECKS) return;
            byProfile.set(name, await refetchKeys(scope, PROFILES.find((p) => p.name === name)!));
          }),
        );
      }),
    );
    const out: Candidate[] = [];
    for (const c of list) {
      const keys = again.get(c.scope);
      const seen = keys?.get(c.seen[0]!);
      const plain = keys?.get('desktop');
      if (!seen || !plain) {
        cuts.add({ what: 'confirm', url: c.scope === 'page' ? url : c.scope, detail: c.key });
        continue;
      }
      if (seen.has(c.key) && !plain.has(c.key)) out.push(c);
    }
    return out;
  }

  async function refetchKeys(scope: string, profile: Profile): Promise<Set<string> | null> {
    if (Date.now() >= deadline) return null;
    if (scope === 'page') {
      const outcome = await fetchPage(profile);
      const view: PageView = {
        profile,
        outcome,
        read: outcome.ok ? readPage(outcome.page, new Cuts(), profile) : null,
      };
      const obs = pageObservations(view, url, cuts);
      const keys = keysOf(obs, view.read?.doc.links ?? []);
      const title = titleKey(view.read);
      if (title) keys.add(title);
      return keys;
    }
    const got = await readAsset({
      job: { url: scope, kind: 'script', profile, referer: `${origin}/`, depth: 1 },
      official,
      reader,
      policy,
      deadline,
      maxBytes: ASSET_MAX,
      cuts: new Cuts(),
      firstParty,
    });
    return got ? keysOf(got.observations, got.read?.doc.links ?? []) : null;
  }

  function keysOf(obs: Observation[], links: { url: string }[]) {
    const keys = new Set<string>();
    for (const o of obs) {
      const key = cloakKey(o.load, new URL(o.load.url));
      if (key) keys.add(key);
    }
    for (const l of links) {
      const u = new URL(l.url);
      if (!firstParty(u) && !benign(u)) keys.add(`link:${registrable(u.hostname)}`);
    }
    return keys;
  }
}

const rank = (f: RawFinding) => ({ high: 0, medium: 1, low: 2 })[f.severity];

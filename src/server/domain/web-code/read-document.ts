import 'server-only';
import type { Cover } from './html/element-size';
import type { LoadHow, LoadKind } from './html/load-kinds';
import { type PageLink, parsePage } from './html/parse-page';
import type { HiddenSelectors } from './html/style-rules';
import { resolve } from './resolve';
import { emptyFacts, type ScriptFacts } from './script/effects';
import { type ElementAct, hiddenTargets, linkIn } from './script/hidden';
import { readScript } from './script/read-script';
import type { Budget } from './script/reader';
import { union } from './script/values';
import type { Trait } from './traits';

/** One thing a document makes the browser load or go to, with everything the judge weighs. */
export type FoundLoad = {
  url: string;
  kind: LoadKind;
  how: LoadHow;
  hidden: boolean;
  outside: boolean;
  /** How the address, or the call that loads it, was hidden. */
  dec: string[];
  gates: string[];
  /** Set from an event-handler attribute (onerror, onload…). */
  inAttribute: boolean;
  /** Came from code (inline or in a script file) rather than from markup. */
  byCode: boolean;
  /** In code that runs only when something calls it (see ScriptLoad). */
  deferred?: boolean;
  /** A frame over the whole window (see MarkupLoad): to the visitor, a redirect that keeps the address. */
  covers?: Cover;
  /** A frame or window the page opens while a `message` listener runs what it is sent (see ScriptFacts). */
  postsCode?: boolean;
  evidence: string;
  offset: number;
};

/** A load nothing hid: visible, in markup, undecoded (a redirect, a player setting, a navigation). */
export const plainLoad = (
  load: Pick<FoundLoad, 'url' | 'kind' | 'how' | 'evidence'> & { offset?: number },
): FoundLoad => ({
  hidden: false,
  outside: false,
  dec: [],
  gates: [],
  inAttribute: false,
  byCode: false,
  offset: 0,
  ...load,
});

export type DocFacts = {
  loads: FoundLoad[];
  links: PageLink[];
  /** Markup with text and inert content blanked (for HTML signatures); empty for scripts. */
  live: string;
  /** Every piece of code read (inline scripts, handlers, the file itself): for script signatures. */
  code: { text: string; offset: number }[];
  declared: string[];
  cmsVar: boolean;
  /** The page's title, keywords and description, and the titles its scripts set as it loads. */
  seo: { text: string; start: number; titles: string[] };
  /**
   * What its scripts do to page elements as it loads (`$('#flk').hide()`, `el.remove()`, a class
   * given): the site's stylesheet files may hide a class given (hidden.ts).
   */
  acts: ElementAct[];
  /** Classes and ids its `<style>` blocks hide (none for a script file). */
  styles: HiddenSelectors;
  /** What its code does that is a finding without an address to judge (traits.ts). */
  traits: Trait[];
};

/**
 * Hides the page's links that scripts hide as the page loads: inside an element hidden by id, or
 * given a class the page's `<style>` blocks hide. `from`: the page's own scripts, or a script file
 * the page loads.
 */
export function hideWhatScriptsHide(page: DocFacts, from: Pick<DocFacts, 'acts'>) {
  hideLinksIn(page, hiddenTargets(from.acts, page.styles.classes));
}

/** Marks hidden the links inside the elements named (`#id`, `.class`). */
export function hideLinksIn(page: Pick<DocFacts, 'links'>, targets: ReadonlySet<string>) {
  const list = [...targets];
  if (list.length === 0) return;
  for (const link of page.links) if (!link.hidden && list.some((t) => linkIn(link, t))) link.hidden = true;
}

/** Markup written by code, read again at most this deep (a write that writes a write…). */
const MAX_WRITES = 3;
const SNIPPET = 300;

const snippet = (code: string, start: number, end: number) =>
  code
    .slice(Math.max(0, start - 60), Math.min(code.length, Math.max(end, start + 120) + 20))
    .slice(0, SNIPPET);

/** Reads an HTML document: its markup, its inline scripts and handlers, and what they write. */
export function readHtml(
  html: string,
  url: string,
  budget: Budget,
  depth = 0,
  base?: Partial<FoundLoad>,
): DocFacts {
  const page = parsePage(html, url);
  if (page.cut) budget.cut = true;
  const doc: DocFacts = {
    loads: [],
    links: [],
    live: page.live,
    code: [],
    declared: page.declared,
    cmsVar: page.cmsVar,
    seo: { ...page.seo, titles: [] },
    acts: [],
    styles: page.styles,
    traits: [],
  };
  for (const l of page.loads) {
    doc.loads.push({
      ...l,
      // Markup a script writes lands where the script is, inside the document.
      outside: base ? false : l.outside,
      dec: [],
      gates: [],
      inAttribute: false,
      byCode: false,
      ...base,
      offset: base?.offset ?? l.start,
      evidence: base?.evidence ?? l.evidence,
    });
  }
  // Links a script writes only after testing the visitor: the others never get them.
  const gates = base?.gates ?? [];
  const gated =
    gates.length === 0 ? {} : gates.includes('spider') ? { gated: true, forSpiders: true } : { gated: true };
  for (const link of page.links)
    doc.links.push(
      base?.offset === undefined ? { ...link, ...gated } : { ...link, ...gated, start: base.offset },
    );
  // A frame's document written into its srcdoc attribute: its scripts run like the page's own.
  for (const w of depth < MAX_WRITES ? page.written : []) {
    const inner = readHtml(w.html, url, budget, depth + 1, {
      how: 'iframe-srcdoc',
      dec: union(base?.dec ?? [], ['srcdoc']),
      gates: base?.gates ?? [],
      inAttribute: base?.inAttribute ?? false,
      byCode: false,
      evidence: html.slice(w.start, w.start + SNIPPET),
      offset: base?.offset ?? w.start,
    });
    doc.loads.push(...inner.loads);
    doc.links.push(...inner.links);
  }
  const submitted: string[] = [];
  let listens = false;
  let navigates = false;
  /** Addresses scripts post to the page with no listener of their own to go there (read-script.ts). */
  const posts: { facts: ScriptFacts; code: string; place: Place }[] = [];
  for (const s of page.scripts) {
    const at = base?.offset ?? s.start;
    doc.code.push({ text: s.code, offset: at });
    const facts = readScript(s.code, budget, 0, { elements: page.data, script: s.data ?? null });
    const place = {
      offset: base?.offset,
      at: s.start,
      inAttribute: s.handler !== null || Boolean(base?.inAttribute),
      dec: union(base?.dec ?? [], s.dec ?? []),
      gates: base?.gates ?? [],
    };
    addScript(doc, facts, s.code, url, budget, depth, place);
    submitted.push(...facts.submits.map((f) => f.target));
    listens ||= facts.messageRuns;
    navigates ||= facts.messageNavigates.length > 0;
    if (facts.messageNavigates.length === 0 && facts.posted.length > 0)
      posts.push({ facts, code: s.code, place });
    doc.acts.push(...facts.acts);
    doc.seo.titles.push(...facts.titles);
  }
  // A listener in one script goes where another script of the page posts.
  for (const p of navigates ? posts : [])
    addScript(doc, { ...emptyFacts(), loads: p.facts.posted }, p.code, url, budget, depth, p.place);
  if (listens) markMessageSources(doc);
  hideWhatScriptsHide(doc, doc);
  // A form counts as a load only when code submits it (the page navigates without a click).
  for (const form of page.forms) {
    const hit = submitted.some(
      (t) => t === 'any' || t === `id:${form.id}` || t === `index:${form.index}` || t === `name:${form.name}`,
    );
    if (!hit) continue;
    doc.loads.push({
      url: form.action,
      kind: 'navigate',
      how: 'form',
      hidden: false,
      outside: false,
      dec: base?.dec ?? [],
      gates: base?.gates ?? [],
      inAttribute: false,
      byCode: true,
      evidence: form.evidence,
      offset: base?.offset ?? form.start,
    });
  }
  return doc;
}

/** Reads a script file: what it loads and what the markup it writes loads. */
export function readJs(code: string, url: string, budget: Budget): DocFacts {
  const doc: DocFacts = {
    loads: [],
    links: [],
    live: '',
    code: [{ text: code, offset: 0 }],
    declared: [],
    cmsVar: false,
    seo: { text: '', start: 0, titles: [] },
    acts: [],
    styles: { classes: new Set(), ids: new Set() },
    traits: [],
  };
  const facts = readScript(code, budget);
  doc.seo.titles.push(...facts.titles);
  doc.acts.push(...facts.acts);
  addScript(doc, facts, code, url, budget, 0, { at: 0, inAttribute: false, dec: [], gates: [] });
  if (facts.messageRuns) markMessageSources(doc);
  return doc;
}

/** The frames and windows a document opens can post code to its `message` listener, which runs it. */
function markMessageSources(doc: DocFacts) {
  for (const l of doc.loads) if (l.kind === 'iframe' || l.how === 'window-open') l.postsCode = true;
}

type Place = { offset?: number; at: number; inAttribute: boolean; dec: string[]; gates: string[] };

function addScript(
  doc: DocFacts,
  facts: ScriptFacts,
  code: string,
  url: string,
  budget: Budget,
  depth: number,
  place: Place,
) {
  for (const l of facts.loads) {
    const resolved = resolve(l.url, url);
    if (!resolved) continue;
    doc.loads.push({
      url: resolved,
      kind: l.kind,
      how: l.how,
      hidden: l.el?.hidden ?? false,
      // Read once the whole script was: its style may be set after its address.
      ...(l.el?.covers ? { covers: l.el.covers } : {}),
      outside: false,
      dec: union(l.dec, place.dec),
      gates: union(l.gates, place.gates),
      inAttribute: place.inAttribute,
      byCode: true,
      deferred: l.deferred,
      evidence: snippet(code, l.start, l.end),
      offset: place.offset ?? place.at + l.start,
    });
  }
  for (const m of facts.messageNavigates) {
    const offset = place.offset ?? place.at + m.start;
    doc.traits.push({ id: 'messageNavigate', offset, evidence: snippet(code, m.start, m.end) });
  }
  if (depth >= MAX_WRITES) return;
  for (const m of facts.markup) {
    const written = readHtml(m.html, url, budget, depth + 1, {
      how: 'document-write',
      dec: union(m.dec, place.dec),
      gates: union(m.gates, place.gates),
      inAttribute: place.inAttribute,
      byCode: true,
      deferred: m.deferred,
      evidence: snippet(code, m.start, m.end),
      offset: place.offset ?? place.at + m.start,
    });
    doc.loads.push(...written.loads.map((l) => ({ ...l, hidden: l.hidden })));
    doc.links.push(...written.links);
    doc.traits.push(...written.traits);
  }
}

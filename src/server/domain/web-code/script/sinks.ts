import 'server-only';
import type { AnyNode, Node } from 'acorn';
import { messageNavigation } from './events';
import type { ExpressionReader } from './expression-reader';
import { elementAssign, hiddenByProperty, styleCreated } from './hidden';
import { everyLink } from './link-rewrite';
import { type ElementRec, memberPath, text, UNKNOWN, union, type Val } from './values';
import { load } from './writes';

/** `x.src = …`, `el.style.display = …`, `location.href = …`, `el.innerHTML = …`. */
export function assignSink(
  r: ExpressionReader,
  target: Val,
  prop: { name: string | null; dec: string[] },
  v: Val,
  node: Node,
) {
  const name = prop.name;
  if (!name) return;
  const t = text(v);
  const at = { start: node.start, end: node.end };
  const gates = r.currentGates;
  const deferred = r.deferred;
  if (target?.t === 'ref') {
    const path = memberPath(target.path, name);
    // `location.host = 'other.example'` sends the visitor to that host.
    const host = path === 'location.host' || path === 'location.hostname';
    if (path === 'location' || path === 'location.href' || (host && t.s !== UNKNOWN)) {
      messageNavigation(r, t.s, node);
      r.facts.loads.push({
        url: host ? `//${t.s}/` : t.s,
        kind: 'navigate',
        how: 'js-location',
        dec: union(t.dec, target.dec, prop.dec),
        gates,
        deferred,
        ...at,
      });
      return;
    }
    if ((target.path === 'document' && name === 'title') || (titleElement(target.path) && TEXT.has(name)))
      pageTitle(r, t);
    if (target.path === 'el.style' && target.el) styleCreated(target.el, name, t.s);
    // Every link of the page pointed elsewhere (`a[i].href = …`): a click anywhere leaves for it.
    if (name === 'href' && everyLink(target.path)) load(r, v, 'navigate', 'link-rewrite', node);
    const set = node as AnyNode;
    const literal =
      set.type === 'AssignmentExpression' ? set.right : set.type === 'Property' ? set.value : undefined;
    elementAssign(r, target.path, name, v, literal as AnyNode | undefined);
  }
  // A created frame's `srcdoc` is a document of its own: its scripts run, what it loads loads.
  const srcdoc = name === 'srcdoc' && target?.t === 'el' && /^i?frame$/.test(target.el.tag);
  if (name === 'innerHTML' || name === 'outerHTML' || srcdoc) {
    if (t.s !== UNKNOWN)
      r.facts.markup.push({ html: t.s, dec: union(t.dec, prop.dec), gates, deferred, ...at });
    return;
  }
  if (target?.t === 'el') {
    const el = target.el;
    // A created script's code set as text: run as the page loads, as eval would run it.
    if (el.tag === 'script' && (name === 'text' || name === 'textContent' || name === 'innerText')) {
      if (t.s !== UNKNOWN) r.evalCode(t.s, union(t.dec, prop.dec, ['eval']), gates, node);
      else r.runsUnseen(v);
      return;
    }
    if (el.tag === 'meta') {
      metaRefresh(r, el, name, t, node);
      return;
    }
    if ((name === 'width' || name === 'height') && /^\s*[0-2](?:px)?\s*$/.test(t.s)) el.hidden = true;
    if (name === 'cssText' && hiddenByProperty('style', t.s)) el.hidden = true;
    sendsTo(el, name, t);
    const kind = elementKind(el.tag, name);
    if (kind)
      r.facts.loads.push({ url: t.s, kind, how: 'js-element', dec: t.dec, gates, deferred, el, ...at });
    return;
  }
  // `src` on something the reader cannot see created: a script if the address says so.
  if (name === 'src' && /\.js(?:[?#]|$)/i.test(t.s)) {
    r.facts.loads.push({ url: t.s, kind: 'script', how: 'js-element', dec: t.dec, gates, deferred, ...at });
  }
}

/** Properties that set an element's text. */
const TEXT = new Set(['textContent', 'innerText', 'innerHTML', 'text']);

/**
 * The page's `<title>` element as the reader names it: `getElementsByTagName('title')[0]`,
 * `querySelector('head > title')`, jQuery's `$('title')`.
 */
export const titleElement = (path: string) => /^(?:jquery\.)?sel:(?:head\s*>?\s*)?title$/i.test(path);

/**
 * A title the page is given as it loads (`document.title = …`, the title element's text): a whole
 * one, not one made from the page's own (`'(1) ' + document.title`). See seo-title.ts.
 */
export function pageTitle(r: ExpressionReader, t: { s: string }) {
  if (!t.s.includes(UNKNOWN) && !r.deferred) r.facts.titles.push(t.s);
}

/** Where a created link (`href`) or form (`action`) sends the visitor once clicked or submitted. */
export function sendsTo(el: ElementRec, attr: string, t: { s: string; dec: string[] }) {
  const to = (el.tag === 'a' && attr === 'href') || (el.tag === 'form' && attr === 'action');
  if (to && t.s !== UNKNOWN) el.href = { url: t.s, dec: t.dec };
}

/** What setting attribute `attr` of a created `tag` makes the browser fetch. */
export function elementKind(tag: string, attr: string): 'script' | 'iframe' | 'style' | 'object' | null {
  if (attr === 'src' && tag === 'script') return 'script';
  if (attr === 'src' && (tag === 'iframe' || tag === 'frame')) return 'iframe';
  if ((attr === 'src' && tag === 'embed') || (attr === 'data' && tag === 'object')) return 'object';
  if (attr === 'href' && tag === 'link') return 'style';
  return null;
}

/**
 * A created `<meta http-equiv="refresh" content="0;url=…">`: its properties may come in any
 * order, the navigation is recorded once both are known.
 */
export function metaRefresh(
  r: ExpressionReader,
  el: ElementRec,
  name: string,
  t: { s: string; dec: string[] },
  node: Node,
) {
  const attr = name.toLowerCase();
  if (attr === 'httpequiv' || attr === 'http-equiv') el.refresh = /^\s*refresh\s*$/i.test(t.s);
  else if (attr === 'content' && t.s !== UNKNOWN) el.content = t;
  else return;
  const url = el.refresh && el.content ? /url\s*=\s*['"]?([^'"\s]+)/i.exec(el.content.s)?.[1] : null;
  if (!url || !el.content) return;
  r.facts.loads.push({
    url,
    kind: 'navigate',
    how: 'meta-refresh',
    dec: el.content.dec,
    gates: r.currentGates,
    deferred: r.deferred,
    start: node.start,
    end: node.end,
  });
}

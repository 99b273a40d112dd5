import type { Node } from 'acorn';
import { hiddenByProperty } from './hidden';
import type { ScriptReader } from './reader';
import { memberPath, text, UNKNOWN, union, type Val } from './values';

/** `x.src = …`, `el.style.display = …`, `location.href = …`, `el.innerHTML = …`. */
export function assignSink(
  r: ScriptReader,
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
    if (path === 'location' || path === 'location.href') {
      r.facts.loads.push({
        url: t.s,
        kind: 'navigate',
        how: 'js-location',
        dec: union(t.dec, target.dec, prop.dec),
        gates,
        deferred,
        ...at,
      });
      return;
    }
    if (target.path === 'el.style' && target.el && hiddenByProperty(name, t.s)) target.el.hidden = true;
  }
  if (name === 'innerHTML' || name === 'outerHTML') {
    if (t.s !== UNKNOWN) r.facts.markup.push({ html: t.s, dec: union(t.dec, prop.dec), gates, ...at });
    return;
  }
  if (target?.t === 'el') {
    const el = target.el;
    if ((name === 'width' || name === 'height') && /^\s*[0-2](?:px)?\s*$/.test(t.s)) el.hidden = true;
    if (name === 'cssText' && hiddenByProperty('style', t.s)) el.hidden = true;
    if (el.tag === 'a' && name === 'href' && t.s !== UNKNOWN) el.href = { url: t.s, dec: t.dec };
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

/** What setting attribute `attr` of a created `tag` makes the browser fetch. */
export function elementKind(tag: string, attr: string): 'script' | 'iframe' | 'style' | 'object' | null {
  if (attr === 'src' && tag === 'script') return 'script';
  if (attr === 'src' && (tag === 'iframe' || tag === 'frame')) return 'iframe';
  if ((attr === 'src' && tag === 'embed') || (attr === 'data' && tag === 'object')) return 'object';
  if (attr === 'href' && tag === 'link') return 'style';
  return null;
}

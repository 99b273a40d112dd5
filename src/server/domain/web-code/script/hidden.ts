import 'server-only';
import type { AnyNode, Expression } from 'acorn';
import { windowCover } from '../html/element-size';
import { type HidingKind, hidesContent, hidingKinds, showingKinds } from '../html/hidden-style';
import { selectorTarget } from '../html/style-rules';
import type { ExpressionReader } from './expression-reader';
import { propertyName } from './names';
import { type ElementRec, known, ref, text, UNKNOWN, type Val } from './values';

/** Whether setting `el.style[prop] = value` (or `cssText`/`style` to a whole rule) hides the element. */
export function hiddenByProperty(prop: string, value: string): boolean {
  return hidesContent(declaration(prop, value));
}

/**
 * A style set on an element the script created (`f.style.cssText = …`, `f.style.zIndex = …`,
 * `f.setAttribute('style', …)`): it may hide the element, or put it over the whole window.
 */
export function styleCreated(el: ElementRec, prop: string, value: string) {
  if (hiddenByProperty(prop, value)) el.hidden = true;
  if (value.includes(UNKNOWN)) return;
  el.style = `${el.style ?? ''};${declaration(prop, value)}`.slice(-2_000);
  el.covers = windowCover(el.style);
}

const declaration = (prop: string, value: string) =>
  prop === 'style' || prop === 'cssText'
    ? value
    : `${prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`;

/**
 * What a script does to a page element as the page loads, named by its id or class (`#flk`,
 * `.links`): hides it or shows it again (each a kind of hiding: `display`, `opacity`…), empties or
 * removes it, fills it, or gives it classes. Read together by `hiddenTargets`.
 */
export type ElementAct =
  | { target: string; act: 'hide' | 'show'; kinds: HidingKind[] }
  | { target: string; act: 'empty' | 'fill' }
  | { target: string; act: 'class'; classes: string[] };

/** What jQuery's hide()/show(), `toggle` and the `hidden` attribute change. */
const DISPLAY: HidingKind[] = ['display'];

/**
 * The element a reader path names, as `#id` or `.class`: `byId:flk`, `sel:#flk`, `sel:.links`,
 * jQuery's `jquery.sel:.links a` (links inside a block are the block's), followed by `tail`
 * (`.style`, `.classList`).
 */
export function elementTarget(path: string, tail = ''): string | undefined {
  if (!path.endsWith(tail)) return undefined;
  const head = path.slice(0, path.length - tail.length);
  const id = /^byId:([\w-]+)$/.exec(head)?.[1];
  if (id) return `#${id}`;
  const selector = /^(?:jquery\.)?sel:(.+)$/.exec(head)?.[1];
  // jQuery's `:first`, `:eq(0)`: a part of the same elements.
  return selector
    ? selectorTarget(selector.replace(/:(?:first|last|eq\(\d+\)|visible|hidden)(?![\w-])/g, ''))
    : undefined;
}

/** jQuery methods whose value is (a part of) the same elements: `$('.tab').hide().eq(0).show()`. */
export const JQUERY_SAME = new Set([
  'eq',
  'first',
  'last',
  'filter',
  'not',
  'delay',
  'stop',
  'finish',
  'animate',
]);

/** Hiding, emptying and classes count as the page loads (a click handler's are a menu or a toggle); showing and filling count whenever they run. */
function act(r: ExpressionReader, a: ElementAct) {
  if (r.deferred && (a.act === 'hide' || a.act === 'empty' || a.act === 'class')) return;
  if (a.act === 'class' && a.classes.length === 0) return;
  r.facts.acts.push(a);
}

const classesOf = (value: string) => value.split(/\s+/).filter((c) => c && !c.includes(UNKNOWN));

/** A style set on an element: it hides it, shows it again (`display: block` undoes `display: none` only), or neither. */
function styled(target: string, css: string): ElementAct | null {
  if (hidesContent(css)) return { target, act: 'hide', kinds: hidingKinds(css) };
  const kinds = showingKinds(css);
  return kinds.length > 0 ? { target, act: 'show', kinds } : null;
}

/** jQuery's `.css({display: 'none'})`: the object's known settings as CSS text. */
function objectCss(r: ExpressionReader, node: AnyNode | undefined): string {
  if (node?.type !== 'ObjectExpression') return '';
  const out: string[] = [];
  for (const p of node.properties) {
    const name = p.type === 'Property' ? propertyName(p) : null;
    const value = name && p.type === 'Property' ? text(r.value(p.value as Expression)).s : UNKNOWN;
    if (name && !value.includes(UNKNOWN)) out.push(declaration(name, value));
  }
  return out.join(';');
}

const JQUERY_HIDES = new Set(['hide', 'fadeOut', 'slideUp']);
const JQUERY_SHOWS = new Set(['show', 'fadeIn', 'slideDown', 'fadeToggle', 'slideToggle']);
const JQUERY_EMPTIES = new Set(['remove', 'detach', 'empty']);
const FILLS = new Set([
  'append',
  'prepend',
  'appendChild',
  'insertAdjacentHTML',
  'insertBefore',
  'replaceChildren',
]);

/**
 * A method called on a page element that hides it or undoes that: `$('#x').hide()`,
 * `.css('display', 'none')`, `.css({…})`, `.attr('style', …)`, `.addClass('x')`, `.remove()`,
 * `el.setAttribute('hidden', '')`, `el.remove()`, `p.removeChild(el)`, `el.style.setProperty(…)`,
 * `el.classList.add(…)`, and the fills that make an emptied element a list built by code.
 * Records the act and says whether there was one; the caller goes on reading the call.
 */
export function elementCall(
  r: ExpressionReader,
  path: string,
  name: string,
  args: Val[],
  argNodes: AnyNode[],
): boolean {
  const found = elementAct(r, path, name, args, argNodes);
  if (found) act(r, found);
  return found !== null;
}

function elementAct(
  r: ExpressionReader,
  path: string,
  name: string,
  args: Val[],
  argNodes: AnyNode[],
): ElementAct | null {
  const a0 = args[0] ?? null;
  const value = text(args[1] ?? null).s;
  const style = elementTarget(path, '.style');
  if (style && name === 'setProperty' && known(a0)) return styled(style, declaration(a0.s, value));
  const listed = elementTarget(path, '.classList');
  if (listed && name === 'add')
    return { target: listed, act: 'class', classes: classesOf(args.map((a) => text(a).s).join(' ')) };
  // `f.parentNode.removeChild(f)`: the argument names the element.
  if (name === 'removeChild' && a0?.t === 'ref' && /\.parent(?:Node|Element)$/.test(path)) {
    const gone = elementTarget(a0.path);
    return gone ? { target: gone, act: 'empty' } : null;
  }
  const target = elementTarget(path);
  if (!target) return null;
  const jquery = path.startsWith('jquery.');
  if (jquery && JQUERY_HIDES.has(name)) return { target, act: 'hide', kinds: DISPLAY };
  if (jquery && JQUERY_SHOWS.has(name)) return { target, act: 'show', kinds: DISPLAY };
  // `.fadeTo(speed, 0)` fades it out, to any other opacity it stays seen.
  if (jquery && name === 'fadeTo' && args.length >= 2)
    return args[1]?.t === 'num' ? styled(target, `opacity:${args[1].n}`) : null;
  if (jquery && name === 'toggle' && argNodes.length <= 1) {
    const on = argNodes[0]?.type === 'Literal' ? argNodes[0].value : undefined;
    return on === true
      ? { target, act: 'show', kinds: DISPLAY }
      : on === undefined || on === false
        ? { target, act: 'hide', kinds: DISPLAY }
        : null;
  }
  if ((jquery && JQUERY_EMPTIES.has(name)) || (!jquery && name === 'remove' && args.length === 0))
    return { target, act: 'empty' };
  if (name === 'replaceChildren' && args.length === 0) return { target, act: 'empty' };
  if (jquery && name === 'html' && args.length === 1)
    return { target, act: known(a0) && a0.s.trim() === '' ? 'empty' : 'fill' };
  if (FILLS.has(name)) return { target, act: 'fill' };
  if (jquery && name === 'css') {
    if (args.length === 1) return styled(target, objectCss(r, argNodes[0]));
    return known(a0) ? styled(target, declaration(a0.s, value)) : null;
  }
  if (jquery && name === 'addClass') return { target, act: 'class', classes: classesOf(text(a0).s) };
  if ((name === 'setAttribute' || (jquery && name === 'attr')) && args.length === 2 && known(a0)) {
    const attr = a0.s.toLowerCase();
    if (attr === 'style') return styled(target, value);
    if (attr === 'class') return { target, act: 'class', classes: classesOf(value) };
    if (attr === 'hidden' && !/^false$/i.test(value)) return { target, act: 'hide', kinds: DISPLAY };
  }
  return null;
}

/**
 * A property set on a page element: `el.style.display = 'none'`, `el.className = 'x'`,
 * `el.hidden = true`, `el.innerHTML = ''` (emptied; filled when something is written into it).
 */
export function elementAssign(
  r: ExpressionReader,
  path: string,
  name: string,
  value: Val,
  literal?: AnyNode,
) {
  const found = assignAct(path, name, text(value).s, literal);
  if (found) act(r, found);
}

function assignAct(path: string, name: string, t: string, literal?: AnyNode): ElementAct | null {
  const style = elementTarget(path, '.style');
  if (style) return styled(style, declaration(name, t));
  const target = elementTarget(path);
  if (!target) return null;
  if (name === 'className') return { target, act: 'class', classes: classesOf(t) };
  if (name === 'hidden' && literal?.type === 'Literal')
    return { target, act: literal.value ? 'hide' : 'show', kinds: DISPLAY };
  if (!['innerHTML', 'outerHTML', 'textContent', 'innerText'].includes(name)) return null;
  if (!t.includes(UNKNOWN)) return { target, act: t.trim() === '' ? 'empty' : 'fill' };
  return name === 'innerHTML' || name === 'outerHTML' ? { target, act: 'fill' } : null;
}

/**
 * A callback run now for each of a selector's elements: `document.querySelectorAll('.x').forEach(
 * function (el) {…})` (`el` the first parameter), jQuery's `$('.x').each(function (i, el) {…})`
 * (`el` the second, and `this`).
 */
export function eachElement(
  r: ExpressionReader,
  selector: string,
  fn: AnyNode | undefined,
  jquery = false,
): Val {
  if (fn?.type !== 'FunctionExpression' && fn?.type !== 'ArrowFunctionExpression') return null;
  const node = fn.params[jquery ? 1 : 0];
  const param = node?.type === 'Identifier' ? node.name : null;
  const element = ref(`sel:${selector}`);
  const self = r.self;
  if (jquery && fn.type === 'FunctionExpression') r.self = element;
  try {
    r.bound(param, element, () => r.walkFunction(fn, true));
  } finally {
    r.self = self;
  }
  return null;
}

/**
 * The elements hidden once the scripts ran, as `#id`/`.class`: hidden in a way no script undoes
 * (a menu shown on click, a block faded in; sizing a hidden block does not show it), emptied and
 * not filled again by code (a list rebuilt from data), or given a class the styles hide and not
 * shown again.
 */
export function hiddenTargets(acts: ElementAct[], hiddenClasses: ReadonlySet<string>): Set<string> {
  const shown = new Map<string, Set<HidingKind>>();
  const filled = new Set<string>();
  for (const a of acts) {
    if (a.act === 'fill') filled.add(a.target);
    if (a.act === 'show') shown.set(a.target, new Set([...(shown.get(a.target) ?? []), ...a.kinds]));
  }
  const undone = (target: string, kinds: HidingKind[]) => kinds.every((k) => shown.get(target)?.has(k));
  const out = new Set<string>();
  for (const a of acts) {
    if (a.act === 'empty' && !filled.has(a.target)) out.add(a.target);
    if (a.act === 'hide' && !undone(a.target, a.kinds)) out.add(a.target);
    if (a.act === 'class' && a.classes.some((c) => hiddenClasses.has(c)) && !undone(a.target, DISPLAY))
      out.add(a.target);
  }
  return out;
}

/** Whether a link sits inside (or is) the element named `#id` or `.class`. */
export const linkIn = (link: { ids?: string[]; classes?: string[] }, target: string): boolean =>
  target.startsWith('#')
    ? Boolean(link.ids?.includes(target.slice(1)))
    : Boolean(link.classes?.includes(target.slice(1)));

/**
 * When the code a script hands over runs: as the page loads (timers, microtasks, load and
 * page-wide events), only when something calls it, or when another window posts a message.
 */
import 'server-only';
import type { AnyNode, CallExpression, NewExpression } from 'acorn';
import type { ExpressionReader } from './expression-reader';
import { known, UNKNOWN, type Val } from './values';

/** `window.addEventListener('message', fn)`, `$(window).on('message', fn)`: what other windows post. */
export function messageListener(
  recv: Val,
  name: string | null,
  node: CallExpression | NewExpression,
): boolean {
  if (name !== 'addEventListener' && name !== 'attachEvent' && name !== 'on') return false;
  const first = node.arguments[0] as AnyNode | undefined;
  const event = first?.type === 'Literal' ? String(first.value) : '';
  return (
    /^(?:on)?message$/.test(event) &&
    recv?.t === 'ref' &&
    (recv.path === 'window' || recv.path === 'jquery.page')
  );
}

/**
 * Events every visitor's page gets without aiming at anything: loading, showing the tab again,
 * and any click, touch, move, key, scroll or copy anywhere (what campaigns wait for, as crawlers never move).
 */
const PAGE_EVENT_NAMES =
  'load|DOMContentLoaded|readystatechange|pageshow|visibilitychange|focus|click|touchstart|touchend|touchmove|mousedown|mouseup|mousemove|pointerdown|pointermove|keydown|wheel|scroll|copy|cut';
const LOAD_EVENTS = new RegExp(`^(?:on)?(?:${PAGE_EVENT_NAMES})$`, 'i');
/** The same as handler properties (`window.onload = …`, `document.onmousemove = …`). */
const PAGE_EVENTS = new RegExp(`^on(?:${PAGE_EVENT_NAMES})$`, 'i');

/**
 * Callbacks that run as the page loads: timers, microtasks and idle callbacks, a promise's
 * executor and continuations, `$(fn)`, ready, and load or page-wide events.
 */
export function runsOnLoad(
  fn: Val,
  recv: Val,
  name: string | null,
  node: CallExpression | NewExpression,
): boolean {
  const path = fn?.t === 'ref' ? fn.path : '';
  if (RUN_SOON.has(path)) return true;
  if (path === 'Promise' && node.type === 'NewExpression') return true;
  if (name === 'ready' || name === 'load' || name === 'then' || name === 'catch' || name === 'finally')
    return true;
  if (name !== 'addEventListener' && name !== 'attachEvent' && name !== 'on') return false;
  const first = node.arguments[0] as AnyNode | undefined;
  const event = first?.type === 'Literal' ? String(first.value) : '';
  return LOAD_EVENTS.test(event) && (pageWide(recv) || /load|ready/i.test(event));
}

/** The window, the document or its body: where any click, move or key of the visitor's lands. */
const pageWide = (target: Val) =>
  target?.t === 'ref' &&
  ['window', 'document', 'document.body', 'document.documentElement', 'jquery.page'].includes(target.path);

/**
 * A handler property that runs as the page loads, as `runsOnLoad` tells for listeners: a load
 * (`img.onload`, `window.onload`), or a page-wide event on the window or document
 * (`document.onmousemove`). A button's `onclick` runs only when that button is clicked.
 */
export function handlerRunsOnLoad(target: Val, prop: string): boolean {
  return PAGE_EVENTS.test(prop) && (pageWide(target) || /load|ready/i.test(prop));
}

const RUN_SOON = new Set([
  'setTimeout',
  'setInterval',
  'jquery',
  'requestAnimationFrame',
  'queueMicrotask',
  'requestIdleCallback',
]);

/**
 * A callback that runs as the page loads (a timer's, a load event's): written in place, or a
 * function declared before (`document.addEventListener('mousemove', go)`).
 */
export function runNow(r: ExpressionReader, node: AnyNode) {
  if (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') {
    r.walkFunction(node, true);
    return;
  }
  const v = node.type === 'Identifier' ? r.lookup(node.name) : null;
  const fn = v?.t === 'fn' ? (v.node as AnyNode) : null;
  if (
    fn?.type === 'FunctionDeclaration' ||
    fn?.type === 'FunctionExpression' ||
    fn?.type === 'ArrowFunctionExpression'
  )
    r.walkFunction(fn, true);
}

/**
 * Reads `fn` as the window's `message` listener when `yes`: what it runs came from another window.
 * `code`: the listener's source, where a check of the sender (`e.origin`) would be.
 */
export function listening<T>(r: ExpressionReader, yes: boolean, fn: () => T, listener: Val, code: string): T {
  const checked = /\.origin\b/.test(code);
  // A listener declared before (`window.addEventListener('message', onMsg)`) was read already.
  if (yes && listener?.t === 'fn') {
    if (r.runsUnseenIn.has(listener.node)) r.facts.messageRuns = true;
    if (!checked) r.facts.messageNavigates.push(...(r.navigatesBlindIn.get(listener.node) ?? []));
  }
  if (yes) r.inMessage.push(checked);
  try {
    return fn();
  } finally {
    if (yes) r.inMessage.pop();
  }
}

/**
 * A navigation inside a `message` listener to an address only the message gives
 * (`location.href = e.data`): the page goes wherever any window posting to it says, unless the
 * listener checks who sent it (`e.origin`). Any advert or frame on the page, or one opened later,
 * then redirects the site.
 */
export function messageNavigation(r: ExpressionReader, to: string, node: { start: number; end: number }) {
  if (to.replaceAll(UNKNOWN, '') !== '') return;
  r.blindNavigations.push({ start: node.start, end: node.end });
  if (r.inMessage.length === 0 || r.inMessage.at(-1)) return;
  r.facts.messageNavigates.push({ start: node.start, end: node.end });
}

/**
 * The addresses a page posts to itself (`postMessage('https://…', '*')`, or a field of an object
 * posted, `postMessage({url: 'https://…'}, '*')`): where a listener that goes where it is told goes.
 */
export function postedAddresses(r: ExpressionReader, first: Val, node: AnyNode | undefined): Val[] {
  const address = (v: Val) => known(v) && /^\s*(?:https?:)?\/\//i.test(v.s);
  if (address(first)) return [first];
  if (node?.type !== 'ObjectExpression') return [];
  return node.properties
    .filter((p) => p.type === 'Property' && inert(p.value as AnyNode))
    .map((p) => r.value((p as { value: AnyNode }).value))
    .filter(address);
}

/** A field's value made of literals and names only: read a second time, it records nothing again. */
function inert(n: AnyNode): boolean {
  if (n.type === 'Literal' || n.type === 'Identifier') return true;
  if (n.type === 'BinaryExpression') return inert(n.left as AnyNode) && inert(n.right);
  return n.type === 'TemplateLiteral' && n.expressions.every((e) => inert(e as AnyNode));
}

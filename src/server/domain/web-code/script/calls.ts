import 'server-only';
import type { AnyNode, CallExpression, Expression, NewExpression } from 'acorn';
import { argValues, assigned, isEval, mapped, unpacked } from './call-shapes';
import { clipboardWrite } from './clipboard';
import { atobText, stringLiteral, unescapeText } from './decoders';
import { listening, messageListener, postedAddresses, runNow, runsOnLoad } from './events';
import type { ExpressionReader } from './expression-reader';
import { fetchCall, isFetched, newRequest, readFetchCallbacks, requestOpen } from './fetched';
import { eachElement, elementCall, elementTarget, JQUERY_SAME, styleCreated } from './hidden';
import { linkSetter } from './link-rewrite';
import { arrayMethod, concat, MAX_ITEMS, stringMethod } from './methods';
import { memberValue } from './operators';
import { datasetAttr } from './page-data';
import { elementKind, metaRefresh, pageTitle, sendsTo, titleElement } from './sinks';
import { known, memberPath, num, ref, str, text, UNKNOWN, union, type Val } from './values';
import { at, load, markup } from './writes';

/** jQuery methods that insert markup (and run the scripts in it). */
const JQUERY_MARKUP = new Set(['html', 'append', 'prepend', 'after', 'before', 'replaceWith', 'wrap']);

/** The value of a call, recording the sinks it reaches (see ExpressionReader). */
export function callValue(r: ExpressionReader, node: CallExpression | NewExpression): Val {
  const callee = node.callee as AnyNode;
  if (callee.type === 'FunctionExpression' || callee.type === 'ArrowFunctionExpression') {
    const packed = node.type === 'CallExpression' ? unpacked(r, node) : null;
    if (packed) return packed;
    for (const a of node.arguments) r.value(a);
    // An IIFE runs as the page loads; what it returns is its value (`var u = (function(){…})()`).
    return r.walkFunction(callee, true);
  }
  let recv: Val = null;
  let name: string | null = null;
  let fn: Val;
  if (callee.type === 'MemberExpression') {
    recv = r.value(callee.object as Expression);
    const prop = r.propName(callee);
    name = prop.name;
    fn = recv?.t === 'ref' && name ? ref(memberPath(recv.path, name), union(recv.dec, prop.dec)) : null;
    // `$.$(code)`: a function kept in an object (jjencode keeps Function so).
    if (recv?.t === 'obj' && name) fn = recv.props?.get(name) ?? null;
  } else fn = r.value(callee as Expression);
  if (recv?.t === 'arr' && name === 'map')
    return mapped(r, recv.items, node.arguments[0] as AnyNode | undefined);
  if (recv?.t === 'ref' && recv.path.startsWith('all:') && name === 'forEach')
    return eachElement(r, recv.path.slice(4), node.arguments[0] as AnyNode | undefined);
  if (recv?.t === 'ref' && recv.path.startsWith('jquery.sel:') && name === 'each') {
    eachElement(r, recv.path.slice(11), node.arguments[0] as AnyNode | undefined, true);
    return recv;
  }
  const now = runsOnLoad(fn, recv, name, node);
  readFetchCallbacks(r, recv, fn?.t === 'ref' ? fn.path : '', name, node, now);
  if (now) {
    // `$(document).on('click', 'a', function () { this.href = … })`: `this` is the element clicked.
    const selector = name === 'on' ? (node.arguments[1] as AnyNode | undefined) : undefined;
    const self = r.self;
    if (selector?.type === 'Literal' && typeof selector.value === 'string')
      r.self = ref(`sel:${selector.value}`);
    try {
      for (const a of node.arguments as AnyNode[]) runNow(r, a);
    } finally {
      r.self = self;
    }
  }
  // `eval` handed over as a function (`.then(eval)`): it runs whatever it is given.
  if (node.arguments.some((a) => isEval(a as AnyNode))) r.runsUnseen(recv);
  if (fn?.t === 'ref' && fn.path === 'Object.assign') return assigned(r, node);
  const handler = node.arguments[1] as AnyNode | undefined;
  const listener = handler?.type === 'Identifier' ? r.lookup(handler.name) : null;
  const args = listening(
    r,
    messageListener(recv, name, node),
    () => argValues(r, node.arguments as AnyNode[]),
    listener,
    listener?.t === 'fn' ? r.slice(listener.node.start, listener.node.end) : r.slice(node.start, node.end),
  );
  if (node.type === 'NewExpression') return constructed(r, fn, args, node);
  // `Reflect.apply(f, self, [a])`, `Reflect.get(obj, 'name')`.
  if (fn?.t === 'ref' && fn.path === 'Reflect.apply' && args[0]?.t === 'ref' && args[2]?.t === 'arr')
    return global(r, args[0].path, args[0].dec, args[2].items, node, 2);
  // `Object.getPrototypeOf(async function(){})`: a function still (its `.constructor` is Function's kin).
  if (fn?.t === 'ref' && fn.path === 'Object.getPrototypeOf' && args[0]?.t === 'fn') return args[0];
  if (fn?.t === 'ref' && fn.path === 'Reflect.get' && known(args[1] ?? null))
    return memberValue(args[0] ?? null, { name: (args[1] as { s: string }).s, dec: [] });
  // `f.call(self, a)`, `f.apply(self, [a])`, `f.bind(self)` of a browser function: `f(a)`.
  if (recv?.t === 'ref' && (name === 'call' || name === 'apply')) {
    const list = name === 'call' ? args.slice(1) : args[1]?.t === 'arr' ? args[1].items : null;
    return list ? global(r, recv.path, recv.dec, list, node, 1) : null;
  }
  if (recv?.t === 'ref' && name === 'bind') return recv;
  // `[]['filter']['constructor'](code)()`: any function's constructor is Function.
  if (name === 'constructor' && recv?.t !== 'str') return global(r, 'Function', ['builtName'], args, node);
  if (requestOpen(r, name, args, node)) return null;
  const a0 = args[0] ?? null;
  // `e.clipboardData.setData('text/plain', …)`, whatever the event: what the visitor copies.
  if (node.type === 'CallExpression' && clipboardWrite(r, fn?.t === 'ref' ? fn.path : '', name, args, node))
    return null;
  // `range.createContextualFragment(html)`, whatever the range: unlike innerHTML, its scripts run.
  if (name === 'createContextualFragment') {
    markup(r, a0, node, [], true);
    return null;
  }
  // `.text()`, `.json()`, `.then(…)` of a fetched answer: still what was fetched.
  if (recv && name && isFetched(recv)) return recv;
  if (recv && name) {
    const v = method(r, recv, name, args, node);
    if (v !== undefined) return v;
  }
  return fn?.t === 'ref' ? global(r, fn.path, fn.dec, args, node) : null;
}

/** `String.fromCharCode`, `atob`, `eval`, `document.write`, `location.replace`, `$.getScript`… */
function global(
  r: ExpressionReader,
  path: string,
  dec: string[],
  args: Val[],
  node: CallExpression,
  /** Arguments of the call before the function's own (`f.call(self, a)`: 1). */
  skip = 0,
): Val {
  const first = args[0] ?? null;
  // The function `Function('return this')` made, called: the browser object it hands back (or text).
  if (path.startsWith('returns:text:')) return str(path.slice(13), union(dec, ['eval']));
  if (path.startsWith('returns:')) return r.lookup(path.slice(8));
  switch (path) {
    case 'String.fromCharCode': {
      // `.apply(null, codes)` and `.call(null, …)` arrive here as a plain call (callValue).
      const list = { t: 'arr' as const, items: args };
      if (list.items.length > MAX_ITEMS || !list.items.every((i) => i?.t === 'num')) return null;
      return str(String.fromCharCode(...list.items.map((i) => (i as { n: number }).n & 0xffff)), [
        'fromCharCode',
      ]);
    }
    case 'atob': {
      const decoded = known(first) ? atobText(first.s) : null;
      return decoded === null ? null : str(decoded, union(first!.t === 'str' ? first!.dec : [], ['atob']));
    }
    case 'unescape':
    case 'decodeURIComponent':
    case 'decodeURI':
      return known(first)
        ? str(unescapeText(first.s, path !== 'unescape'), union(first.dec, ['unescape']))
        : null;
    // JSFuck takes `%` from `escape('[object Object]')`.
    case 'escape':
      return known(first) ? str(escape(first.s), first.dec) : null;
    case 'parseInt':
      return known(first) ? num(Number.parseInt(first.s, args[1]?.t === 'num' ? args[1].n : 10)) : null;
    case 'eval': {
      const arg = node.arguments[skip] as AnyNode | undefined;
      if (arg?.type === 'Literal' && ['window', 'this', 'self', 'top'].includes(String(arg.value))) {
        return ref('window', ['eval']);
      }
      if (known(first)) r.evalCode(first.s, union(first.dec, dec, ['eval']), r.currentGates, node);
      else r.runsUnseen(first);
      return null;
    }
    case 'fetch':
    case 'jquery.get':
    case 'jquery.getJSON':
    case 'jquery.ajax':
    case 'jquery.post':
      return fetchCall(r, path, dec, args, node);
    // Parsed, fetched text is still fetched data (`eval(JSON.parse(t).code)`).
    case 'JSON.parse':
      return isFetched(first) ? first : null;
    case 'Function':
    case 'setTimeout':
    case 'setInterval': {
      const code = (path === 'Function' ? args.at(-1) : first) ?? null;
      // A timer's string is code: sent by another window, or fetched.
      const asCode = code?.t !== 'fn' && (r.inMessage.length > 0 || isFetched(code));
      if (!known(code) && (path === 'Function' || asCode)) r.runsUnseen(code);
      if (known(code)) r.evalCode(code.s, union(code.dec, dec, ['eval']), r.currentGates, node);
      return path === 'Function' ? returnsGlobal(code) : null;
    }
    case 'document.write':
    case 'document.writeln':
      markup(
        r,
        args.reduce<Val>((acc, a) => concat(acc, a), str('')),
        node,
        dec,
        true,
      );
      return null;
    case 'document.createElement':
      return known(first) ? { t: 'el', el: { tag: first.s.toLowerCase(), hidden: false } } : null;
    case 'document.getElementById':
      return known(first) ? ref(`byId:${first.s}`) : null;
    case 'document.querySelector':
      return known(first) ? ref(`sel:${first.s}`) : null;
    // A list of elements: each item (`l[i]`, forEach's) is one of them (hidden.ts).
    case 'document.querySelectorAll':
      return known(first) ? ref(`all:${first.s}`) : null;
    case 'document.getElementsByClassName':
      return known(first) && /^[\w-]+$/.test(first.s) ? ref(`all:.${first.s}`) : null;
    case 'document.getElementsByTagName':
      return known(first) && /^[a-z][\w-]*$/i.test(first.s) ? ref(`all:${first.s}`) : null;
    case 'location.replace':
    case 'location.assign':
    case 'navigation.navigate':
    case 'location.href.replace':
      if (path === 'location.href.replace') return null; // a string method on the current address
      load(r, first, 'navigate', 'js-location', node, dec);
      return null;
    case 'open':
      load(r, first, 'navigate', 'window-open', node, dec);
      return null;
    // An address the page posts to itself: the loads get it if a listener navigates there (read-script.ts).
    case 'postMessage':
      for (const to of postedAddresses(r, first, node.arguments[skip] as AnyNode | undefined))
        load(r, to, 'navigate', 'js-location', node, ['postMessage'], r.facts.posted);
      return null;
    // Where the visitor's data is sent: judged as a load, its gate aside (judge.ts).
    case 'navigator.sendBeacon':
      load(r, first, 'beacon', 'beacon', node, dec);
      return null;
    case 'jquery': {
      markup(r, first, node, dec);
      const page =
        (first?.t === 'ref' && ['window', 'document', 'document.body'].includes(first.path)) ||
        (known(first) && first.s === 'body');
      // `$(el)` of an element found by id or selector is that element's jQuery object.
      const element = first?.t === 'ref' ? elementTarget(first.path) : undefined;
      return ref(
        page
          ? 'jquery.page'
          : element
            ? `jquery.sel:${element}`
            : known(first) && !first.s.includes('<')
              ? `jquery.sel:${first.s}`
              : 'jquery.obj',
      );
    }
    case 'jquery.getScript':
      load(r, first, 'script', 'get-script', node, dec);
      return null;
    // A service worker's script and the scripts a worker imports run as code of the site.
    case 'navigator.serviceWorker.register':
    case 'importScripts':
      load(r, first, 'script', 'js-element', node, dec);
      return null;
    default:
      return null;
  }
}

/**
 * `Function('return this')`: a function that only hands back a browser object, how JSFuck and
 * bundles reach the window without naming it. Its calls are followed (`global`).
 */
function returnsGlobal(code: Val): Val {
  // `Function('return"\\141…"')`: aaencode's and jjencode's program, as a string literal of escapes.
  const literal = known(code)
    ? /^\s*return\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*;?\s*$/.exec(code.s)
    : null;
  if (literal) {
    const v = stringLiteral(literal[1]!);
    if (v !== null) return ref(`returns:text:${v}`, ['eval']);
  }
  const name = known(code)
    ? /^\s*return\s+(this|window|self|globalThis|top|document|location|navigator|escape|unescape)\s*;?\s*$/.exec(
        code.s,
      )?.[1]
    : undefined;
  return name ? ref(`returns:${name === 'this' ? 'window' : name}`) : null;
}

/** Methods of strings, arrays, created elements and jQuery objects. Undefined: not one of them. */
function method(
  r: ExpressionReader,
  recv: Val,
  name: string,
  args: Val[],
  node: CallExpression,
): Val | undefined {
  const a0 = args[0] ?? null;
  // `$('title').text('…')`: the page's title, as `document.title = '…'` sets it.
  const setsText = (name === 'text' || name === 'html') && args.length === 1;
  if (setsText && recv?.t === 'ref' && titleElement(recv.path)) pageTitle(r, text(a0));
  if (recv?.t === 'ref' && linkSetter(recv.path, name, args))
    load(r, args[1] ?? null, 'navigate', 'link-rewrite', node);
  // A page element hidden, emptied or given a class (`$('#x').hide()`, `el.remove()`): jQuery chains.
  const acted = recv?.t === 'ref' && elementCall(r, recv.path, name, args, node.arguments as AnyNode[]);
  const jquery = recv?.t === 'ref' && recv.path.startsWith('jquery.sel:');
  if (jquery && ((acted && !JQUERY_MARKUP.has(name)) || JQUERY_SAME.has(name))) return recv;
  if (name === 'insertAdjacentHTML') {
    markup(r, args[1] ?? null, node);
    return null;
  }
  // `(25)['toString'](36)`: JSFuck's letters beyond those of false, true, undefined and its kin.
  if (recv?.t === 'num' && name === 'toString') {
    const radix = a0 === null ? 10 : a0.t === 'num' ? a0.n : 0;
    return Number.isInteger(radix) && radix >= 2 && radix <= 36 ? str(recv.n.toString(radix)) : null;
  }
  // A form the code creates and submits itself, like a link it clicks.
  if (recv?.t === 'el' && (name === 'submit' || name === 'requestSubmit') && recv.el.href) {
    load(r, str(recv.el.href.url, recv.el.href.dec), 'navigate', 'form', node);
    return null;
  }
  if (name === 'submit' && args.length === 0) {
    const path = recv?.t === 'ref' ? recv.path : '';
    const target = path.startsWith('byId:')
      ? `id:${path.slice(5)}`
      : /^document\.forms\.\d+$/.test(path)
        ? `index:${path.split('.').pop()}`
        : path.startsWith('document.forms.')
          ? `name:${path.slice(15)}`
          : 'any';
    r.facts.submits.push({ target, start: node.start });
    return null;
  }
  // An element's attribute (`el.getAttribute('data-x')`, jQuery's `.attr('data-x')`, `.data('x')`).
  if (recv?.t === 'ref' && known(a0) && args.length === 1) {
    if (name === 'getAttribute') return r.attr(recv.path, a0.s);
    if (recv.path.startsWith('jquery.sel:') && (name === 'attr' || name === 'data'))
      return r.attr(`sel:${recv.path.slice(11)}`, name === 'data' ? datasetAttr(a0.s) : a0.s);
  }
  if (recv?.t === 'ref' && recv.path.startsWith('jquery') && JQUERY_MARKUP.has(name)) {
    markup(r, a0, node, recv.dec, true);
    return recv;
  }
  // A link the code creates and clicks itself: the visitor is sent there without touching anything.
  if (recv?.t === 'el' && name === 'click' && recv.el.href) {
    load(r, str(recv.el.href.url, recv.el.href.dec), 'navigate', 'js-click', node);
    return null;
  }
  // A link of the page clicked by the code (`document.getElementById('go').click()`), the same.
  if (recv?.t === 'ref' && name === 'click' && args.length === 0 && !recv.path.startsWith('jquery.')) {
    load(r, r.attr(recv.path, 'href'), 'navigate', 'js-click', node);
    return null;
  }
  // `$('#go').get(0)`: the element itself.
  if (recv?.t === 'ref' && recv.path.startsWith('jquery.sel:') && name === 'get' && args[0]?.t === 'num')
    return ref(recv.path.slice(7));
  if (recv?.t === 'el' && name === 'setAttribute' && known(a0)) {
    const attr = a0.s.toLowerCase();
    const value = text(args[1] ?? null);
    if (recv.el.tag === 'meta') {
      metaRefresh(r, recv.el, attr, value, node);
      return null;
    }
    // A created frame's `srcdoc`: a document whose scripts run (sinks.ts, for the property).
    if (attr === 'srcdoc' && /^i?frame$/.test(recv.el.tag)) {
      markup(r, args[1] ?? null, node, [], true);
      return null;
    }
    sendsTo(recv.el, attr, value);
    if (['style', 'width', 'height'].includes(attr)) {
      if (attr === 'style') styleCreated(recv.el, 'style', value.s);
      else if (/^\s*[0-2](?:px)?\s*$/.test(value.s)) recv.el.hidden = true;
      return null;
    }
    const kind = elementKind(recv.el.tag, attr);
    if (kind && value.s !== UNKNOWN) {
      r.facts.loads.push({
        url: value.s,
        kind,
        how: 'js-element',
        dec: value.dec,
        gates: r.currentGates,
        deferred: r.deferred,
        el: recv.el,
        ...at(node),
      });
    }
    return null;
  }
  if (recv?.t === 'str') return stringMethod(recv, name, args, node.arguments[0] as AnyNode | undefined);
  if (recv?.t === 'arr') return arrayMethod(recv.items, name, args);
  return undefined;
}

function constructed(r: ExpressionReader, fn: Val, args: Val[], node: NewExpression): Val {
  const path = fn?.t === 'ref' ? fn.path : '';
  const request = newRequest(r, path, args, node);
  if (request !== undefined) return request;
  // A worker runs the script at that address (a miner's favourite): a script the page loads.
  if (path === 'Worker' || path === 'SharedWorker') {
    load(r, args[0] ?? null, 'script', 'js-element', node);
    return null;
  }
  if (path === 'Function' && !known(args.at(-1) ?? null)) r.runsUnseen(args.at(-1) ?? null);
  if (path === 'Function' && known(args.at(-1) ?? null)) {
    const code = args.at(-1) as { t: 'str'; s: string; dec: string[] };
    r.evalCode(code.s, union(code.dec, ['eval']), r.currentGates, node);
    return returnsGlobal(code);
  }
  if (path === 'Image') return { t: 'el', el: { tag: 'img', hidden: false } };
  if (path === 'Array') return { t: 'arr', items: args };
  return null;
}

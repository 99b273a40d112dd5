/**
 * Data a script fetches (fetch, XMLHttpRequest, jQuery's ajax, a socket's or an event stream's
 * messages), followed to where it goes: its address serves a script only when what comes back
 * reaches code execution (eval, Function, a script's text, a timer's string, markup whose scripts
 * run), not when it is only read. flv.js opens a request to test a response type and never sends
 * it; a weather box reads fields of its JSON.
 */
import 'server-only';
import type { AnyNode, CallExpression, Expression, NewExpression } from 'acorn';
import type { ExpressionReader } from './expression-reader';
import { propertyName } from './names';
import { FETCHED, known, ref, str, text, type Val } from './values';
import { load } from './writes';

/** What a fetch brought, or a value made from it (its text, its JSON, a field, a string joined with it). */
export const fetchedRef = (): Val => ref('fetched', [FETCHED]);
export const isFetched = (v: Val) => text(v).dec.includes(FETCHED);

/** The request objects the reader follows: an XMLHttpRequest, a socket, an event stream. */
const REQUEST = 'request';
const SOCKET = 'socket';

/** jQuery's calls that fetch: what they hand their callbacks is the answer. */
const JQUERY_FETCH = new Set(['jquery.get', 'jquery.post', 'jquery.getJSON', 'jquery.ajax']);
/** Methods of a fetched answer that hand it on: a promise's and jqXHR's continuations. */
const CONTINUATIONS = new Set(['then', 'done', 'always', 'success', 'complete']);
/** Settings of `$.ajax({…})` that are called with the answer. */
const AJAX_CALLBACKS = new Set(['success', 'complete']);

const isFunction = (n: AnyNode | undefined): n is Extract<AnyNode, { type: 'FunctionExpression' }> =>
  n?.type === 'FunctionExpression' || n?.type === 'ArrowFunctionExpression';

/** `x.responseText` (only a request has one, `this.responseText` included), `x.response` of a request. */
export function responseMember(obj: Val, name: string | null): Val | undefined {
  if (name === 'responseText' || (name === 'response' && obj?.t === 'ref' && obj.path === REQUEST))
    return fetchedRef();
  return undefined;
}

/**
 * `fetch(url)`, `$.get(url)`, `$.ajax({url})`: jQuery runs the answer as a script for dataType
 * 'script' or 'jsonp' and for a JSONP address (`callback=?`), a script load like $.getScript;
 * otherwise the answer is data, a script load only if it reaches code execution (read-script.ts).
 */
export function fetchCall(
  r: ExpressionReader,
  path: string,
  dec: string[],
  args: Val[],
  node: CallExpression,
): Val {
  const first = args[0] ?? null;
  const options = node.arguments[0] as AnyNode | undefined;
  const url = first?.t === 'str' ? first : option(r, options, 'url');
  const type = [option(r, options, 'dataType'), ...args.slice(1)].find(
    (a) => known(a) && /^(?:script|jsonp)$/i.test(a.s),
  );
  if (path.startsWith('jquery') && (type || /=\?(?:&|$)/.test(text(url).s))) {
    load(r, url, 'script', 'get-script', node, dec);
    return null;
  }
  load(r, url, 'script', 'fetch-eval', node, dec, r.facts.fetched);
  return fetchedRef();
}

/** `xhr.open('GET', url)`, whatever the receiver is: the address a request fetches. */
export function requestOpen(
  r: ExpressionReader,
  name: string | null,
  args: Val[],
  node: CallExpression,
): boolean {
  const a0 = args[0] ?? null;
  if (name !== 'open' || args.length < 2 || !known(a0) || !/^(?:get|post)$/i.test(a0.s)) return false;
  load(r, args[1] ?? null, 'script', 'fetch-eval', node, [], r.facts.fetched);
  return true;
}

/** `new XMLHttpRequest()`, `new WebSocket(url)`, `new EventSource(url)`; undefined: none of them. */
export function newRequest(
  r: ExpressionReader,
  path: string,
  args: Val[],
  node: NewExpression,
): Val | undefined {
  if (path === 'XMLHttpRequest' || path === 'ActiveXObject') return ref(REQUEST);
  if (path !== 'WebSocket' && path !== 'EventSource') return undefined;
  const url = known(args[0] ?? null) ? (args[0] as { s: string; dec: string[] }) : null;
  // `wss://host/…` is reached over https: the host is what the check weighs.
  const http = url ? str(url.s.replace(/^ws(s?):\/\//i, 'http$1://'), url.dec) : null;
  load(r, http, 'script', 'fetch-eval', node, [], r.facts.fetched);
  return ref(SOCKET);
}

/**
 * Reads the callbacks a call hands the fetched answer with their first parameter standing for it:
 * jQuery's (`$.get(u, fn)`, `$.ajax({success: fn})`), a promise's continuation (`.then(fn)`), a
 * socket's `message` listener. `now`: the call runs them as the page loads (events.ts).
 */
export function readFetchCallbacks(
  r: ExpressionReader,
  recv: Val,
  fnPath: string,
  name: string | null,
  node: CallExpression | NewExpression,
  now: boolean,
) {
  const fetcher = JQUERY_FETCH.has(fnPath);
  const onData = name !== null && CONTINUATIONS.has(name) && isFetched(recv);
  const onSocket =
    recv?.t === 'ref' && recv.path === SOCKET && (name === 'addEventListener' || name === 'on');
  if (!fetcher && !onData && !onSocket) return;
  for (const a of node.arguments as AnyNode[]) {
    if (isFunction(a)) handedFetched(r, a, now);
    else if (fetcher && a.type === 'ObjectExpression')
      for (const p of a.properties)
        if (
          p.type === 'Property' &&
          AJAX_CALLBACKS.has(propertyName(p) ?? '') &&
          isFunction(p.value as AnyNode)
        )
          handedFetched(r, p.value as AnyNode, false);
  }
}

/** `ws.onmessage = function (e) {…}`: `e.data` is what the socket was sent. */
export function socketHandler(r: ExpressionReader, target: Val, prop: string | null, handler: AnyNode) {
  if (target?.t === 'ref' && target.path === SOCKET && prop === 'onmessage' && isFunction(handler))
    handedFetched(r, handler, false);
}

function handedFetched(r: ExpressionReader, fn: AnyNode, now: boolean) {
  if (!isFunction(fn)) return;
  const first = fn.params[0];
  r.bound(first?.type === 'Identifier' ? first.name : null, fetchedRef(), () => r.walkFunction(fn, now));
}

/** `$.ajax({ url: '…', dataType: 'script' })`: one setting of an options object. */
export function option(r: ExpressionReader, options: AnyNode | undefined, name: string): Val {
  if (options?.type !== 'ObjectExpression') return null;
  for (const p of options.properties) {
    if (p.type === 'Property' && propertyName(p) === name) return r.value(p.value as Expression);
  }
  return null;
}

import 'server-only';
import { assign } from './assign';
import { BINARY, binary } from './binary';
import { callFunction, callValue } from './calls';
import { CLIENT_SERVER_KEY } from './catalog';
import { type Ctx, MAX_DEPTH, type Ref } from './context';
import { arrayLiteral, number, parts } from './literals';
import { callMethod, callStatic, newObject } from './objects';
import { codeSink, commandSink, includeSink } from './sinks';
import { closure, matchExpr } from './stmts';
import { readStore } from './stores';
import type { Tok } from './tokens';
import { flow, input, lit, merge, REQUEST, tainted, unknown, type Val } from './values';

const ASSIGN = new Set([
  '=',
  '+=',
  '-=',
  '*=',
  '/=',
  '.=',
  '%=',
  '**=',
  '&=',
  '|=',
  '^=',
  '<<=',
  '>>=',
  '??=',
]);
const NUMERIC_CAST = new Set(['int', 'integer', 'bool', 'boolean', 'float', 'double', 'real', 'unset']);
const INCLUDE = new Set(['include', 'include_once', 'require', 'require_once']);

export type Args = { vals: Val[]; refs: (Ref | undefined)[]; spread: number };
export type Item = { v: Val; ref?: Ref };

/** Reads one expression from the current token and answers what it evaluates to. */
export function expr(cx: Ctx, min = 0): Val {
  return exprFrom(cx, unary(cx).v, min);
}

export function exprFrom(cx: Ctx, first: Val, min: number): Val {
  if (++cx.nesting > MAX_DEPTH) return tooDeep(cx);
  try {
    return operators(cx, first, min);
  } finally {
    cx.nesting--;
  }
}

function operators(cx: Ctx, first: Val, min: number): Val {
  let left = first;
  for (;;) {
    const t = cx.peek();
    if (!t || (t.t !== 'op' && t.t !== 'id')) break;
    const op = t.t === 'id' ? t.v.toLowerCase() : t.v;
    if (op === '?' && min < 5) {
      cx.p++;
      if (cx.eat(':')) left = merge(left, expr(cx, 4));
      else {
        const yes = expr(cx, 0);
        cx.eat(':');
        left = merge(yes, expr(cx, 4));
      }
      continue;
    }
    const bp = BINARY[op];
    if (bp === undefined || bp <= min) break;
    cx.p++;
    if (op === 'instanceof') {
      unary(cx);
      left = unknown();
      continue;
    }
    if (op === '|>') {
      left = callValue(cx, expr(cx, bp), { vals: [left], refs: [], spread: -1 }, t.line);
      continue;
    }
    left = binary(op, left, expr(cx, op === '??' || op === '**' ? bp - 1 : bp));
  }
  return left;
}

/** Nesting past MAX_DEPTH: the rest of the file is not read, and the file is held instead. */
function tooDeep(cx: Ctx): Val {
  cx.tooDeep = true;
  cx.p = cx.toks.length;
  return unknown();
}

export function unary(cx: Ctx): Item {
  if (++cx.nesting > MAX_DEPTH) return { v: tooDeep(cx) };
  try {
    return prefixed(cx);
  } finally {
    cx.nesting--;
  }
}

function prefixed(cx: Ctx): Item {
  const t = cx.peek();
  if (!t) return { v: unknown() };
  if (t.t === 'cast') {
    cx.p++;
    const v = expr(cx, 18);
    return { v: NUMERIC_CAST.has(t.v) ? unknown() : v };
  }
  if (t.t === 'op') {
    if (t.v === '@' || t.v === '&' || t.v === '+' || t.v === '-' || t.v === '++' || t.v === '--') {
      cx.p++;
      return t.v === '@' || t.v === '&' ? unary(cx) : { v: expr(cx, 18) };
    }
    if (t.v === '!') {
      cx.p++;
      expr(cx, 18);
      return { v: unknown() };
    }
    if (t.v === '~') {
      cx.p++;
      const v = expr(cx, 18);
      const s =
        v.s === undefined
          ? undefined
          : [...v.s].map((c) => String.fromCharCode(~c.charCodeAt(0) & 0xff)).join('');
      return { v: { ...v, s } };
    }
  }
  if (t.t === 'id') {
    const kw = t.v.toLowerCase();
    if (INCLUDE.has(kw)) {
      cx.p++;
      const path = expr(cx, 4);
      includeSink(cx, kw, path, t.line);
      return { v: cx.watch?.include(cx, path, t.line) ?? unknown() };
    }
    if (kw === 'print' || kw === 'yield' || kw === 'throw' || kw === 'clone') {
      cx.p++;
      const from = kw === 'yield' && cx.eat('from');
      const v = expr(cx, 4);
      // A generator's values are what its caller iterates over: they return from it.
      if (kw === 'yield' && cx.fn) cx.fn.summary.ret |= v.taint;
      if (from) return { v };
      return { v: kw === 'clone' ? v : unknown() };
    }
  }
  return postfix(cx, primary(cx));
}

function primary(cx: Ctx): Item {
  const t = cx.peek() as Tok;
  switch (t.t) {
    case 'var':
      cx.p++;
      return { v: cx.lookup(t.v), ref: { k: 'var', name: t.v } };
    case 'num':
      cx.p++;
      return { v: lit(number(t.v)) };
    case 'str':
      cx.p++;
      return { v: t.parts ? parts(cx, t.parts) : lit(t.v) };
    case 'cmd': {
      cx.p++;
      commandSink(cx, 'shell_exec', [parts(cx, t.parts)], t.line, '`…`');
      return { v: unknown() };
    }
    case 'op':
      if (t.v === '$') return variableVariable(cx);
      if (t.v === '(') {
        cx.p++;
        const v = expr(cx, 0);
        cx.eat(')');
        return { v };
      }
      if (t.v === '[') return arrayLiteral(cx, ']');
      return { v: unknown() };
    case 'id':
      return name(cx, t);
    default:
      cx.p++;
      return { v: unknown() };
  }
}

function name(cx: Ctx, t: Tok): Item {
  const kw = t.v.toLowerCase();
  const next = cx.peek(1);
  const call = next?.t === 'op' && next.v === '(';
  if (kw === 'function' || kw === 'fn' || (kw === 'static' && (cx.is('function', 1) || cx.is('fn', 1))))
    return { v: closure(cx) };
  if (kw === 'match' && call) return { v: matchExpr(cx) };
  if (kw === 'new') return { v: newObject(cx) };
  cx.p++;
  // `system(...)`: the function itself as a value (PHP 8.1's first-class callable syntax).
  if (call) cx.trace?.('function', shortName(t.v), t.line);
  if (call && firstClassCallable(cx)) return { v: lit(t.v) };
  if ((kw === 'array' || kw === 'list') && call) return arrayLiteral(cx, ')');
  if (kw === 'eval' && call) {
    const a = args(cx);
    codeSink(cx, 'eval', a.vals[0] ?? unknown(), t.line, true);
    return { v: unknown() };
  }
  if ((kw === 'exit' || kw === 'die' || kw === 'isset' || kw === 'empty') && call) {
    args(cx);
    return { v: unknown() };
  }
  if (call) return { v: callFunction(cx, t.v, args(cx), t.line) };
  if (kw === 'true') return { v: lit('1') };
  if (kw === 'false' || kw === 'null') return { v: lit('') };
  if (kw === '__dir__' || kw === '__file__') return { v: lit(`/${kw}`) };
  // A constant given a value by define() or `const` earlier in the file.
  const defined = cx.prop(cx.constKey(t.v));
  if (defined) return { v: { ...defined, k: t.v } };
  // The CLI's output streams (Workerman, Composer): writing there prints, it makes no file.
  if (t.v === 'STDOUT' || t.v === 'STDERR')
    return { v: { taint: 0, file: lit(`php://${t.v.toLowerCase()}`) } };
  return { v: { taint: 0, k: t.v, anchored: true } };
}

function postfix(cx: Ctx, first: Item): Item {
  let { v, ref } = first;
  for (;;) {
    const t = cx.peek();
    if (t?.t !== 'op') return { v, ref };
    if (t.v === '[' || (t.v === '{' && ref && ref.k !== 'list')) {
      cx.p++;
      const close = t.v === '[' ? ']' : '}';
      const key = cx.is(close) ? undefined : expr(cx, 0);
      cx.eat(close);
      v = key ? index(cx, v, key) : flow([v]);
      ref = ref ? { k: 'elem', base: ref, key: key?.s } : undefined;
    } else if (t.v === '->' || t.v === '?->') {
      cx.p++;
      const at = cx.line;
      const member = memberName(cx);
      if (cx.is('(')) cx.trace?.('method', member.s === undefined ? undefined : member.s.toLowerCase(), at);
      if (cx.is('(') && firstClassCallable(cx)) {
        v = {
          taint: 0,
          items: [
            { k: '0', v },
            { k: '1', v: member },
          ],
        };
        ref = undefined;
      } else if (cx.is('(')) {
        v = callMethod(cx, v, member.s, args(cx), t.line, ref);
        ref = undefined;
      } else {
        // By name, whatever the object: `$shell->c = $_GET['c']` reaches `$this->c` in its class.
        // Another file shares it only as a member of a known class (`$this`, `new X`).
        const key = member.s !== undefined ? `->${member.s}` : undefined;
        const cls = v.cls;
        // A property of decoded request data (`json_decode($_COOKIE['x'])->c`) is request data.
        const data = tainted(v) && !v.cls ? flow([v]) : unknown();
        v = key
          ? (cx.prop(key, cls) ?? (member.s === 'request' ? { taint: 0, req: true } : data))
          : flow([v]);
        ref = key ? { k: 'prop', key, cls } : undefined;
      }
    } else if (t.v === '::') {
      cx.p++;
      const cls = (v.k ?? '').toLowerCase();
      const m = cx.peek();
      if (m?.t === 'var' && cx.is('(', 1)) cx.trace?.('static', undefined, m.line);
      if (m?.t === 'var' && cx.is('(', 1)) {
        // `Foo::$m()`: a static method named by a variable.
        cx.p++;
        const name = cx.lookup(m.v);
        if (name.taint) cx.sink('callInput', t.line, name, `${v.k ?? ''}::`);
        const a = args(cx);
        v = name.s !== undefined ? callStatic(cx, cls, name.s, a, t.line) : flow(a.vals);
        ref = undefined;
      } else if (m?.t === 'var') {
        cx.p++;
        const key = `::${m.v}`;
        const owner = cx.classNamed(v.k ?? '');
        v = cx.prop(key, owner) ?? unknown();
        ref = { k: 'prop', key, cls: owner };
      } else {
        const at = cx.line;
        const member = memberName(cx);
        if (cx.is('(')) cx.trace?.('static', member.s?.toLowerCase(), at);
        v = firstClassCallable(cx)
          ? lit(`${v.k ?? ''}::${member.s ?? ''}`)
          : cx.is('(')
            ? callStatic(cx, cls, member.s ?? '', args(cx), t.line)
            : member.s === 'class'
              ? lit(cls)
              : classConstant(cx, v.k, member.s);
        ref = undefined;
      }
    } else if (t.v === '(') {
      cx.trace?.('function', undefined, t.line);
      v = callValue(cx, v, args(cx), t.line);
      ref = undefined;
    } else if (t.v === '++' || t.v === '--') cx.p++;
    else if (ASSIGN.has(t.v) && ref) {
      cx.p++;
      return { v: assign(cx, ref, t.v, expr(cx, 4)) };
    } else return { v, ref };
  }
}

/**
 * `X::NAME`, `self::NAME`: a constant of a class this file declares, as written there; any other is
 * unknown, and so is `static::NAME`, which a subclass may declare again.
 */
function classConstant(cx: Ctx, cls: string | undefined, name: string | undefined): Val {
  const owner = cls?.toLowerCase() === 'static' ? undefined : cx.classNamed(cls ?? '');
  const v = owner && name !== undefined ? cx.props.get(`const:${owner}::${name}`) : undefined;
  return v ? { ...v, k: name } : unknown();
}

function memberName(cx: Ctx): Val {
  const m = cx.peek();
  if (m?.t === 'id' || m?.t === 'var') {
    cx.p++;
    return m.t === 'id' ? lit(m.v) : cx.lookup(m.v);
  }
  if (cx.eat('{')) {
    const v = expr(cx, 0);
    cx.eat('}');
    return v;
  }
  return unknown();
}

/** `$$name` and `${expr}`: a variable named at run time (`${"_GE"."T"}` is `$_GET`). */
function variableVariable(cx: Ctx): Item {
  cx.p++;
  let nameVal: Val;
  if (cx.eat('{')) {
    nameVal = expr(cx, 0);
    cx.eat('}');
  } else nameVal = primary(cx).v;
  if (nameVal.s !== undefined) return { v: cx.lookup(nameVal.s), ref: { k: 'var', name: nameVal.s } };
  // Named by the request (`$$_GET['v']`): any variable, the request's own among them. A name built
  // at run time from anything else is not request data (constant names are folded above).
  const v: Val = tainted(nameVal) ? { taint: REQUEST, src: nameVal.src ?? '$_REQUEST' } : unknown();
  return { v, ref: { k: 'dyn', name: nameVal } };
}

export function index(cx: Ctx, base: Val, key: Val): Val {
  const out = indexOf(cx, base, key);
  return cx.watch ? cx.watch.index(cx, base, key, out) : out;
}

function indexOf(cx: Ctx, base: Val, key: Val): Val {
  if (base.sg === '_SERVER' && key.s !== undefined) {
    if (!CLIENT_SERVER_KEY.test(key.s)) return unknown();
    // Named by its key for the reviewer: `$_SERVER['HTTP_HOST']` is a header, `$_SERVER['argv']`
    // the query string split on `+` (PHP fills it so under a web server when register_argc_argv is on).
    return input(`$_SERVER['${key.s.slice(0, 40)}']`);
  }
  if (base.sg === 'GLOBALS') return key.s !== undefined ? cx.lookup(key.s) : input('$GLOBALS');
  if (base.sg === '_SESSION') return readStore(cx, 'session', key);
  const item = key.s !== undefined ? base.items?.findLast((i) => i.k === key.s) : undefined;
  if (item) return item.v;
  if (base.s !== undefined && key.s !== undefined && /^-?\d+$/.test(key.s)) {
    const at = +key.s < 0 ? base.s.length + +key.s : +key.s;
    return { ...flow([base]), s: base.s.charAt(at) };
  }
  return flow([base]);
}

/** `\\Ns\\name` as its lower-case short name. */
const shortName = (name: string) => name.slice(name.lastIndexOf('\\') + 1).toLowerCase();

/** `(...)` after a name: the callable, not a call. Moves past it when it is there. */
function firstClassCallable(cx: Ctx): boolean {
  if (!(cx.is('(') && cx.is('...', 1) && cx.is(')', 2))) return false;
  cx.p += 3;
  return true;
}

export function args(cx: Ctx): Args {
  const out: Args = { vals: [], refs: [], spread: -1 };
  if (!cx.eat('(')) return out;
  while (cx.p < cx.toks.length && !cx.eat(')')) {
    const before = cx.p;
    if (cx.peek()?.t === 'id' && cx.is(':', 1)) cx.p += 2;
    if (cx.eat('...')) {
      if (cx.is(')')) continue;
      if (out.spread < 0) out.spread = out.vals.length;
    }
    const item = unary(cx);
    const bare = cx.is(',') || cx.is(')');
    out.vals.push(bare ? item.v : exprFrom(cx, item.v, 0));
    out.refs.push(bare ? item.ref : undefined);
    cx.eat(',');
    if (cx.p === before) cx.p++;
  }
  return out;
}

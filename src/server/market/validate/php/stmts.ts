import 'server-only';
import { assign } from './assign';
import { type Ctx, MAX_DEPTH } from './context';
import { expr, index, unary } from './expr';
import type { Tok } from './tokens';
import { flow, merge, REQUEST, unknown, type Val } from './values';

const CONTROL = new Set(['if', 'elseif', 'while', 'switch', 'for', 'foreach', 'declare']);
const END = new Set(['endif', 'endwhile', 'endfor', 'endforeach', 'endswitch', 'enddeclare']);
const MODIFIERS = new Set([
  'abstract',
  'final',
  'public',
  'private',
  'protected',
  'var',
  'readonly',
  'static',
]);

/** Reads statements to the end of the tokens, or (`inBlock`) to the `}` that closes the block. */
export function statements(cx: Ctx, inBlock: boolean): void {
  if (!inBlock && !cx.fn && cx.p === 0 && (cx.is('die') || cx.is('exit'))) {
    stoppedAtOnce(cx);
    return;
  }
  while (cx.p < cx.toks.length) {
    if (inBlock && cx.eat('}')) return;
    const before = cx.p;
    statement(cx);
    if (cx.p === before) cx.p++;
  }
}

/**
 * A file whose first statement is `die(…)` or `exit` (a library's demo disabled "for security
 * reasons"): run directly or included, the request ends there, so its other statements never run.
 * The exit's own argument is read (it may call the file's functions), and so is every function and
 * class the file declares: PHP declares them before the first statement runs, and their own sources
 * (`$_GET` read inside a function) are held whoever calls them.
 */
function stoppedAtOnce(cx: Ctx): void {
  statement(cx);
  let depth = 0;
  while (cx.p < cx.toks.length) {
    const t = cx.toks[cx.p] as Tok;
    if (t.t === 'op') {
      if (t.v === '(' || t.v === '[' || t.v === '{') depth++;
      else if (t.v === ')' || t.v === ']' || t.v === '}') depth = Math.max(0, depth - 1);
    }
    if (depth === 0 && declares(cx)) {
      const before = cx.p;
      statement(cx);
      if (cx.p > before) continue;
    }
    cx.p++;
  }
}

/** Whether a named function or a class-like declaration starts at the current token. */
function declares(cx: Ctx): boolean {
  const t = cx.peek();
  if (t?.t !== 'id') return false;
  const prev = cx.peek(-1);
  if (
    prev &&
    (prev.t === 'op' ? prev.v === '::' || prev.v === '->' || prev.v === '?->' : /^new$/i.test(prev.v))
  )
    return false;
  const kw = t.v.toLowerCase();
  if (kw === 'function') return cx.peek(1)?.t === 'id' || (cx.is('&', 1) && cx.peek(2)?.t === 'id');
  if (kw === 'abstract' || kw === 'final' || kw === 'readonly')
    return cx.is('class', 1) || cx.is('abstract', 1) || cx.is('final', 1) || cx.is('readonly', 1);
  return (kw === 'class' || kw === 'interface' || kw === 'trait' || kw === 'enum') && cx.peek(1)?.t === 'id';
}

function statement(cx: Ctx): void {
  const t = cx.peek();
  if (!t) return;
  if (t.t === 'op' && t.v === ';') {
    cx.p++;
    cx.cond = false;
    return;
  }
  if (t.t === 'op' && t.v === '{') {
    cx.p++;
    block(cx);
    return;
  }
  if (t.t === 'id' && keyword(cx, t.v.toLowerCase())) return;
  expr(cx, 0);
  cx.eat(';');
  cx.cond = false;
}

/**
 * `const A = …, B = …;` in a class (`self::A` reads it: a class's fixed value, which no request
 * chooses) or in the file, where it is what define() gives.
 */
function constants(cx: Ctx): void {
  cx.p++;
  while (cx.p < cx.toks.length && !cx.is(';')) {
    const t = cx.peek();
    if (t?.t === 'id' && cx.is('=', 1)) {
      cx.p += 2;
      const v = expr(cx, 4);
      // Kept, not set: a class declared twice (under an `if`) may give one constant two values.
      cx.keep(cx.cls ? `const:${cx.cls}::${t.v}` : cx.constKey(t.v), v);
    } else if (cx.is('{')) cx.skipGroup();
    else cx.p++;
  }
}

/** The body of a block, after its `{`; assignments in it may or may not happen. */
function block(cx: Ctx): void {
  if (cx.nesting >= MAX_DEPTH) {
    cx.tooDeep = true;
    cx.p = cx.toks.length;
    return;
  }
  cx.nesting++;
  cx.blocks++;
  cx.cond = false;
  statements(cx, true);
  cx.blocks--;
  cx.nesting--;
}

function keyword(cx: Ctx, kw: string): boolean {
  if (kw === 'function' && (cx.peek(1)?.t === 'id' || (cx.is('&', 1) && cx.peek(2)?.t === 'id'))) {
    declareFunction(cx);
    return true;
  }
  if (kw === 'static') {
    if (cx.is('::', 1) || cx.is('(', 1) || cx.is('function', 1) || cx.is('fn', 1)) return false;
    if (cx.peek(1)?.t === 'var' && cx.fn) {
      cx.p++; // `static $x = …;` in a function: an assignment
      return false;
    }
  }
  if (MODIFIERS.has(kw)) {
    member(cx);
    return true;
  }
  if (kw === 'class' || kw === 'interface' || kw === 'trait' || kw === 'enum') {
    classBody(cx);
    return true;
  }
  if (kw === 'const' && !cx.fn) {
    constants(cx);
    return true;
  }
  if (kw === 'namespace' || kw === 'use' || kw === 'const' || kw === 'goto') {
    if (kw === 'namespace' && cx.is('\\', 1)) return false;
    while (cx.p < cx.toks.length && !cx.is(';') && !(kw === 'namespace' && cx.is('{'))) {
      if (!cx.is('{')) cx.p++;
      else {
        cx.skipGroup();
        // A trait's `use T { f as g; }` ends at its `}`: the members after it are read.
        if (kw === 'use') break;
      }
    }
    if (cx.eat('{')) block(cx);
    return true;
  }
  if (CONTROL.has(kw)) {
    control(cx, kw);
    return true;
  }
  if (END.has(kw)) {
    cx.p++;
    cx.blocks = Math.max(0, cx.blocks - 1);
    cx.eat(';');
    return true;
  }
  return flowKeyword(cx, kw);
}

function flowKeyword(cx: Ctx, kw: string): boolean {
  switch (kw) {
    case 'else':
      cx.p++;
      if (!cx.is('if') && !cx.eat(':') && !cx.is('{')) cx.cond = true;
      return true;
    case 'do':
    case 'try':
    case 'finally':
      cx.p++;
      return true;
    case 'catch':
      cx.p++;
      if (cx.is('(')) cx.skipGroup();
      return true;
    case 'case':
      cx.p++;
      expr(cx, 0);
      if (!cx.eat(':')) cx.eat(';');
      return true;
    case 'default':
      if (!cx.is(':', 1)) return false;
      cx.p += 2;
      return true;
    case 'echo':
      cx.p++;
      do expr(cx, 0);
      while (cx.eat(','));
      cx.eat(';');
      return true;
    case 'return': {
      cx.p++;
      const v = cx.is(';') ? unknown() : expr(cx, 0);
      if (cx.fn) {
        cx.fn.summary.ret |= v.taint;
        if (v.taint & REQUEST) cx.fn.summary.retSrc ??= v.src;
      }
      cx.eat(';');
      return true;
    }
    case 'global':
      cx.p++;
      for (let t = cx.peek(); t?.t === 'var'; t = cx.peek()) {
        cx.scope.set(t.v, cx.globals.get(t.v) ?? cx.prev?.get(t.v) ?? unknown());
        cx.p++;
        cx.eat(',');
      }
      cx.eat(';');
      return true;
    case '__halt_compiler':
      cx.p = cx.toks.length;
      return true;
  }
  if (cx.is(':', 1) && cx.peek()?.t === 'id') {
    cx.p += 2; // a goto label
    return true;
  }
  return false;
}

/** `if (…)`, `foreach (… as $k => $v)`, …: reads the head; the body is the next statement or block. */
function control(cx: Ctx, kw: string): void {
  cx.p++;
  if (!cx.eat('(')) return;
  if (kw === 'foreach') {
    const subject = expr(cx, 0);
    if (cx.eat('as')) {
      const first = unary(cx).ref;
      const second = cx.eat('=>') ? unary(cx).ref : undefined;
      const value = second ?? first;
      if (second && first) assign(cx, first, '=', flow([subject]));
      if (value) assign(cx, value, '=', index(cx, subject, unknown()));
    }
  }
  while (cx.p < cx.toks.length && !cx.eat(')')) {
    const before = cx.p;
    expr(cx, 0);
    if (!cx.eat(',')) cx.eat(';');
    if (cx.p === before) cx.p++;
  }
  if (cx.eat(':')) {
    if (kw !== 'elseif') cx.blocks++;
  } else if (!cx.is('{') && !cx.is(';')) cx.cond = true;
}

/** `class C extends P {…}`: its methods and properties are shared as C's (link.ts). */
function classBody(cx: Ctx): void {
  const outer = [cx.cls, cx.parent];
  cx.p++;
  const name = cx.peek()?.t === 'id' ? cx.classNamed(cx.peek()?.v ?? '') : undefined;
  let parent: string | undefined;
  while (cx.p < cx.toks.length && !cx.is('{')) {
    if (cx.eat('extends') && cx.peek()?.t === 'id') parent = cx.classNamed(cx.peek()?.v ?? '');
    else cx.p++;
  }
  cx.p++;
  [cx.cls, cx.parent] = [name, parent];
  if (name && parent) cx.parents.set(name, parent);
  block(cx);
  [cx.cls, cx.parent] = outer;
}

/** `function name(…) {…}`: read with its parameters as sources of its own. */
function declareFunction(cx: Ctx): void {
  cx.p++;
  cx.eat('&');
  const name = cx.peek()?.v ?? '';
  cx.p++;
  const params = paramList(cx);
  while (cx.p < cx.toks.length && !cx.is('{') && !cx.is(';')) cx.p++;
  if (!cx.eat('{')) return;
  const saved = cx.enterFunction(name, params);
  body(cx);
  cx.closeFunction();
  cx.leave(saved);
}

function body(cx: Ctx): void {
  const cond = cx.cond;
  cx.cond = false;
  if (cx.nesting >= MAX_DEPTH) {
    cx.tooDeep = true;
    cx.p = cx.toks.length;
    return;
  }
  cx.nesting++;
  statements(cx, true);
  cx.nesting--;
  cx.cond = cond;
}

/** Parameter names of `(…)`, skipping types; defaults are read (PHP 8.1 builds objects there). */
function paramList(cx: Ctx): string[] {
  const names: string[] = [];
  if (!cx.is('(')) return names;
  let depth = 0;
  let fresh = true;
  while (cx.p < cx.toks.length) {
    const t = cx.toks[cx.p++];
    if (t?.t === 'op' && (t.v === '(' || t.v === '[')) depth++;
    else if (t?.t === 'op' && (t.v === ')' || t.v === ']') && --depth <= 0) break;
    else if (t?.t === 'op' && t.v === ',' && depth === 1) fresh = true;
    else if (t?.t === 'op' && t.v === '=' && depth === 1) expr(cx, 4);
    else if (t?.t === 'var' && depth === 1 && fresh) {
      // `...$rest` receives every argument from its position on.
      // `&$out` is written back to the caller's variable.
      const prev = cx.toks[cx.p - 2];
      const before = cx.toks[cx.p - 3];
      const rest = prev?.t === 'op' && prev.v === '...';
      const byRef = (rest ? before : prev)?.t === 'op' && (rest ? before : prev)?.v === '&';
      names.push(`${byRef ? '&' : ''}${rest ? '...' : ''}${t.v}`);
      fresh = false;
    }
  }
  return names;
}

/** A class member: a method, a constant, or a property whose default is recorded. */
function member(cx: Ctx): void {
  while (cx.p < cx.toks.length) {
    const t = cx.peek();
    if (!t || (t.t === 'op' && t.v === ';')) return;
    if (t.t === 'id' && t.v.toLowerCase() === 'function') {
      declareFunction(cx);
      return;
    }
    const kw = t.t === 'id' ? t.v.toLowerCase() : '';
    if (kw === 'const' || kw === 'class' || kw === 'interface' || kw === 'trait' || kw === 'enum') {
      keyword(cx, kw);
      return;
    }
    if (t.t === 'var') {
      cx.p++;
      if (!cx.eat('=')) return;
      const v = expr(cx, 4);
      for (const key of [`->${t.v}`, `::${t.v}`]) cx.keep(key, v);
      return;
    }
    if (t.t === 'op' && (t.v === '(' || t.v === '{' || t.v === '}')) return;
    cx.p++;
  }
}

/** `function (…) use (…) {…}` and `fn (…) => …`: read now, with the variables they capture. */
export function closure(cx: Ctx): Val {
  cx.eat('static');
  const start = cx.p;
  const arrow = cx.is('fn');
  cx.p++;
  cx.eat('&');
  const params = paramList(cx);
  const uses = cx.eat('use') ? paramList(cx) : [];
  while (cx.p < cx.toks.length && !cx.is('{') && !cx.is('=>') && !cx.is(';')) cx.p++;
  const outer = cx.scope;
  // Each closure its own summary, so that a callback receiving request data is followed inside.
  const saved = cx.enterFunction(`{closure}${start}`, params);
  const summary = cx.fn?.summary;
  if (arrow) cx.outer = outer; // an arrow function sees the variables around it
  for (const u of uses) cx.scope.set(u, outer.get(u) ?? unknown());
  if (arrow && cx.eat('=>')) {
    const v = expr(cx, 4);
    if (summary) summary.ret |= v.taint;
  } else if (cx.eat('{')) body(cx);
  cx.leave(saved);
  return { taint: 0, obj: true, summary };
}

/** `match (…) { a, b => x, default => y }`: any arm's value. */
export function matchExpr(cx: Ctx): Val {
  cx.p++;
  cx.eat('(');
  expr(cx, 0);
  cx.eat(')');
  let out: Val | undefined;
  if (!cx.eat('{')) return unknown();
  while (cx.p < cx.toks.length && !cx.eat('}')) {
    const before = cx.p;
    while (cx.p < cx.toks.length && !cx.eat('=>') && !cx.is('}')) {
      if (!cx.eat('default') && !cx.eat(',')) expr(cx, 0);
      if (cx.p === before) cx.p++;
    }
    const v = expr(cx, 0);
    out = out ? merge(out, v) : v;
    cx.eat(',');
    if (cx.p === before) cx.p++;
  }
  return out ?? unknown();
}

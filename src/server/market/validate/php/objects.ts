import 'server-only';
import { assign } from './assign';
import { invoke, noArgs } from './calls';
import { DANGEROUS, FOLDER_LISTS, REQUEST_METHODS } from './catalog';
import type { Ctx, Ref } from './context';
import { type Args, expr, args as readArgs } from './expr';
import { fileTool } from './files';
import { commandSink, writeSink } from './sinks';
import { statements } from './stmts';
import { type Store, storeCall } from './stores';
import { anchored, flow, input, start, tainted, unknown, type Val } from './values';

/** `$obj->m(…)`: a shell object's commands, callbacks objects call, the request object, the class's own method. */
export function callMethod(
  cx: Ctx,
  obj: Val,
  name: string | undefined,
  a: Args,
  line: number,
  ref?: Ref,
): Val {
  const out = methodCall(cx, obj, name, a, line, ref);
  return cx.watch ? cx.watch.call(cx, `->${name ?? ''}`, a.vals, line, out, obj) : out;
}

function methodCall(cx: Ctx, obj: Val, name: string | undefined, a: Args, line: number, ref?: Ref): Val {
  const m = (name ?? '').toLowerCase();
  const [a0, a1] = a.vals;
  // A shell object (`new COM('WScript.Shell')`) runs its argument.
  if (obj.shell && (m === 'exec' || m === 'run' || m === 'shellexecute'))
    commandSink(cx, 'exec', a.vals, line, `COM->${name}`);
  // SQL functions (PDO sqlite) are called with values a query passes, often the request's.
  if ((m === 'sqlitecreatefunction' || m === 'createfunction') && a1)
    invoke(cx, a1, [input(`->${name}()`)], line);
  // ArrayObject / ArrayIterator sorts call their callback with the items.
  if ((m === 'uasort' || m === 'uksort') && a0 && !obj.summary) invoke(cx, a0, [flow([obj])], line);
  if ((m === 'fwrite' || m === 'fputs') && obj.file) writeSink(cx, `SplFileObject->${m}`, obj.file, a0, line);
  // An archive (an upload, most often) unpacked where the request says: scripts written anywhere.
  if (m === 'extractto' && a0 && !anchored(a0)) cx.sink('writeInput', line, a0, `->${name}`);
  // XPath that may call any PHP function (`php:function('system', …)`), given a query from the request;
  if (m === 'registerphpfunctions' && a.vals.length === 0) {
    cx.phpFunctions = true;
    for (const q of cx.phpQueries.splice(0)) cx.sink('callInput', q.line, q.v, q.fn);
  }
  // XSLT's `php:function(…)` likewise, in a stylesheet from the request.
  if (m === 'loadxml' && a0 && tainted(a0) && ref)
    assign(cx, ref, '=', { ...obj, taint: a0.taint, src: a0.src });
  if ((m === 'query' || m === 'evaluate' || m === 'importstylesheet') && a0 && tainted(a0)) {
    if (cx.phpFunctions) cx.sink('callInput', line, a0, `->${name}`);
    else if (cx.phpQueries.length < 20) cx.phpQueries.push({ v: a0, line, fn: `->${name}` });
  }
  // A closure called by its methods, or bound to another object (still the same code).
  if (obj.summary && (m === '__invoke' || m === 'call'))
    return (
      cx.callUser('__invoke', m === 'call' ? a.vals.slice(1) : a.vals, line, null, obj.summary) ?? unknown()
    );
  if (obj.summary && m === 'bindto') return obj;
  if (obj.req && REQUEST_METHODS.has(m)) return input(`request->${m}()`);
  if (obj.req && m === 'instance') return { taint: 0, req: true };
  const own = cx.callUser(m, a.vals, line, obj.cls ?? null);
  if (own) return own;
  // A method named like a dangerous function (`$proxy->system($c)`) goes to the class's
  // `__call($name, $args)`, which may call the function of that name.
  const args = { ...flow(a.vals), items: a.vals.map((v, i) => ({ k: String(i), v })) };
  if (DANGEROUS.has(m) && !obj.req) cx.callUser('__call', [{ taint: 0, s: m }, args], line, obj.cls ?? null);
  return flow(a.vals);
}

export function callStatic(cx: Ctx, cls: string, name: string, a: Args, line: number): Val {
  const out = staticCall(cx, cls, name, a, line);
  return cx.watch ? cx.watch.call(cx, `${cls}::${name}`, a.vals, line, out) : out;
}

function staticCall(cx: Ctx, cls: string, name: string, a: Args, line: number): Val {
  const m = name.toLowerCase();
  // PHP's foreign function interface calls C directly (libc's system()), past disable_functions.
  if (/(^|\\)ffi$/.test(cls) && (m === 'cdef' || m === 'load' || m === 'scope'))
    cx.flag('nativeCall', line, `FFI::${name}`);
  if (/(^|\\)closure$/.test(cls) && (m === 'fromcallable' || m === 'bind') && a.vals[0]) return a.vals[0];
  if (cls.endsWith('request') && m === 'instance') return { taint: 0, req: true };
  if (cls.endsWith('request') && REQUEST_METHODS.has(m)) return input(`Request::${m}()`);
  const store = /(^|\\)(session|cache)$/.exec(cls)?.[2] as Store | undefined;
  const kept = store && storeCall(cx, store, m, a.vals);
  if (kept) return kept;
  return cx.callUser(m, a.vals, line, cx.classNamed(cls) ?? null) ?? flow(a.vals);
}

/** `new X(…)`; `new ReflectionFunction($name)` is a call by name. */
export function newObject(cx: Ctx): Val {
  const line = cx.line;
  cx.p++;
  if (cx.eat('class')) {
    if (cx.is('(')) readArgs(cx);
    while (cx.p < cx.toks.length && !cx.is('{')) cx.p++;
    cx.p++;
    statements(cx, true);
    return { taint: 0, obj: true };
  }
  const t = cx.peek();
  let cls = '';
  if (t?.t === 'id') {
    cls = t.v.toLowerCase();
    cx.trace?.('new', cls.slice(cls.lastIndexOf('\\') + 1), line);
    cx.p++;
  } else if (t?.t === 'var' || cx.is('(')) {
    cx.trace?.('new', undefined, line);
    // `new $class(…)`, `new $_GET['c'](…)`, `new ($name)(…)`: a class chosen at run time.
    const chosen = t?.t === 'var' ? classVariable(cx, t.v) : parenthesised(cx);
    // A name under a fixed namespace (`'app\\pay\\' . ucfirst($type)`) is how plugins dispatch.
    if (!start(chosen)) cx.sink('classInput', line, chosen, 'new');
  }
  const a = cx.is('(') ? readArgs(cx) : noArgs([]);
  const target = a.vals[0];
  const last = cls.slice(cls.lastIndexOf('\\') + 1);
  // An array object's items are what its sort callbacks receive.
  if ((last === 'arrayobject' || last === 'arrayiterator') && target) return { ...flow([target]), obj: true };
  if (last === 'splfileobject' && target) {
    const mode = a.vals[1]?.s ?? 'r';
    if (/[waxc+]/.test(mode)) {
      cx.sink('writeInput', line, target, 'SplFileObject');
      return { taint: 0, obj: true, file: target };
    }
  }
  if ((last === 'com' || last === 'dotnet') && target) {
    if (tainted(target)) cx.sink('classInput', line, target, 'COM');
    else if (/^(wscript\.shell|shell\.application)$/i.test(target.s ?? '')) {
      cx.flag('nativeCall', line, `COM(${target.s})`);
      return { taint: 0, obj: true, shell: true };
    }
  }
  if (FOLDER_LISTS.has(last)) fileTool(cx, last, target, line);
  // `new ReflectionClass($_GET['c'])`: an object of any class, as `new $_GET['c']` builds.
  if (last === 'reflectionclass' && target && !start(target))
    cx.sink('classInput', line, target, 'ReflectionClass');
  // A filter iterator calls its callback with each item.
  if ((last === 'callbackfilteriterator' || last === 'recursivecallbackfilteriterator') && a.vals[1])
    invoke(cx, a.vals[1], [flow([target ?? { taint: 0 }])], line);
  if (cls.endsWith('reflectionfunction') && target) {
    if (target.taint) cx.sink('callInput', line, target, 'ReflectionFunction');
    else if (target.s !== undefined && DANGEROUS.has(target.s.toLowerCase()))
      cx.flag('hiddenCall', line, target.s);
  }
  return { taint: 0, obj: true, cls: cls ? cx.classNamed(cls) : undefined };
}

/** The variable naming the class in `new $c(…)` / `new $a['k'](…)`, its value as far as it is known. */
function classVariable(cx: Ctx, name: string): Val {
  cx.p++;
  let v = cx.lookup(name);
  while (cx.is('[')) {
    cx.p++;
    const key = expr(cx, 0);
    cx.eat(']');
    v = v.items?.find((i) => i.k === key.s)?.v ?? flow([v]);
  }
  return v;
}

/** `( expression )`, its value. */
function parenthesised(cx: Ctx): Val {
  cx.p++;
  const v = expr(cx, 0);
  cx.eat(')');
  return v;
}

import 'server-only';
import { assign } from './assign';
import {
  CALLBACKS,
  CLEAN,
  COMMAND,
  DANGEROUS,
  DECODERS,
  EXECUTABLE_PATH,
  FILE_TOOLS,
  INPUT_FUNCTIONS,
  LAST_CALLBACKS,
  REMOTE,
  SHELL_ESCAPE,
} from './catalog';
import type { Ctx } from './context';
import type { Args } from './expr';
import { fileTool } from './files';
import { fold } from './fold';
import { networkCall } from './network';
import { codeSink, commandSink, nestedFindings, writeSink } from './sinks';
import { readFile, storeCall } from './stores';
import { end, flow, input, start, tainted, unknown, type Val } from './values';

const READS = new Set([
  'file_get_contents',
  'file',
  'fopen',
  'readfile',
  'stream_get_contents',
  'fread',
  'fgets',
]);
export const noArgs = (vals: Val[]): Args => ({ vals, refs: [], spread: -1 });
/** Taint bits of every parameter (func_get_args()). */
const ALL_PARAMS = 0x7ffffffe;

/** A call by name: a function of this file, a sink, a source, or a string function worked out. */
export function callFunction(cx: Ctx, rawName: string, a: Args, line: number, built = false): Val {
  const name = rawName.slice(rawName.lastIndexOf('\\') + 1).toLowerCase();
  const summary = cx.summaryOf(name);
  const user = summary && cx.callUser(name, a.vals, line, undefined, summary);
  if (user) {
    for (const o of summary.outs ?? []) {
      const ref = a.refs[o];
      if (ref) assign(cx, ref, '=', input(`${name}(&)`));
    }
    // Another file's method may share a name with PHP's own functions (`exec`): both are read.
    if (!summary.from) return user;
  }
  const before = cx.findings.length;
  const read = builtin(cx, name, a, line);
  const out = cx.watch ? cx.watch.call(cx, rawName, a.vals, line, read) : read;
  // A dangerous function reached through a name built at run time or a callback is held even when
  // nothing visible flows into it: that indirection is what hides webshells from text searches.
  if (built && DANGEROUS.has(name) && cx.findings.length === before) cx.flag('hiddenCall', line, name);
  return user
    ? { ...out, taint: out.taint | user.taint, src: out.src ?? user.src, via: out.via ?? user.via }
    : out;
}

function builtin(cx: Ctx, name: string, a: Args, line: number): Val {
  const v = a.vals;
  const [a0, a1, a2, a3] = v;
  if (COMMAND.has(name)) {
    commandSink(cx, name, v, line);
    return unknown();
  }
  if (name === 'assert') {
    codeSink(cx, name, a0 ?? unknown(), line, false);
    return unknown();
  }
  if (name === 'create_function') {
    codeSink(cx, name, flow([a0 ?? unknown(), a1 ?? unknown()]), line, false);
    if (a1?.s !== undefined) codeSink(cx, name, a1, line, false);
    // Removed from PHP 8 and an eval in all but name: held even with a constant body.
    if (!tainted(a1) && !a1?.dec) cx.flag('evalDynamic', line, name);
    return { taint: 0, obj: true };
  }
  if (name === 'preg_replace' || name === 'preg_filter') {
    if (a0 && ((tainted(a0) && !fixedModifiers(a0)) || evalModifier(a0)))
      cx.flag('regexEval', line, name, a0.src);
    return flow(v.slice(1));
  }
  if (
    (name === 'mb_ereg_replace' || name === 'mb_eregi_replace') &&
    a3 &&
    (tainted(a3) || /e/.test(a3.s ?? ''))
  )
    cx.flag('regexEval', line, name, a3.src);
  // Own keys only: a PHP function may be named `constructor` or `__proto__`.
  const callback = Object.hasOwn(CALLBACKS, name) ? CALLBACKS[name] : undefined;
  if (callback) return callbacks(cx, name, a, callback, line);
  const last = Object.hasOwn(LAST_CALLBACKS, name) ? LAST_CALLBACKS[name] : undefined;
  if (last && v.length > last) {
    const data = v.slice(0, v.length - last);
    for (const cb of v.slice(-last)) invoke(cx, cb, data, line);
    return flow(v);
  }
  if (name === 'preg_replace_callback_array' && a0) {
    if (a0.taint) cx.sink('callInput', line, a0);
    for (const item of a0.items ?? []) invoke(cx, item.v, [a1 ?? unknown()], line);
    return flow(v.slice(1));
  }
  // Object injection: the request chooses which classes are built and what their magic methods
  // (`__destruct`, `__wakeup`) get; `['allowed_classes' => false]` builds none.
  if (name === 'unserialize' && a0 && !noClasses(a1)) {
    cx.sink('unserializeInput', line, a0, name);
    if (a0.remote && !tainted(a0)) cx.flag('unserializeInput', line, name, a0.remote);
  }
  // FILTER_CALLBACK calls its `options` with the value filtered (filter_input's is request data).
  const at = name === 'filter_var' ? 1 : name === 'filter_input' ? 2 : -1;
  const options = v[at + 1];
  if (at > 0 && v[at]?.k?.toUpperCase() === 'FILTER_CALLBACK' && options) {
    const data = at === 1 ? (a0 ?? unknown()) : input(`${name}()`);
    invoke(cx, options.items?.find((i) => i.k === 'options')?.v ?? options, [data], line);
  }
  if (name === 'filter_var_array' || name === 'filter_input_array') {
    const data = name === 'filter_var_array' ? (a0 ?? unknown()) : input(`${name}()`);
    for (const def of a1?.items ?? []) {
      const filter = def.v.items?.find((i) => i.k === 'filter')?.v;
      const cb = def.v.items?.find((i) => i.k === 'options')?.v;
      if (filter?.k?.toUpperCase() === 'FILTER_CALLBACK' && cb) invoke(cx, cb, [flow([data])], line);
    }
  }
  const net = networkCall(cx, name, a);
  if (net) return net;
  // A YAML tag's callback (`['!x' => 'system']`) is called with the value so tagged.
  if (/^yaml_parse(_file|_url)?$/.test(name) && a3?.items)
    for (const item of a3.items) invoke(cx, item.v, [flow([a0 ?? unknown()])], line);
  if (name === 'file_put_contents') writeSink(cx, name, a0, a1, line);
  if (name === 'fprintf' || name === 'vfprintf' || name === 'fputcsv')
    writeSink(cx, name, a0?.file, flow(v.slice(1)), line);
  // Sent over a connection, not written to a file.
  if ((name === 'fwrite' || name === 'fputs') && !a0?.sock) writeSink(cx, name, a0?.file, a1, line);
  if (name === 'move_uploaded_file' && a1) {
    cx.sink('uploadInput', line, a1, name);
    // An upload saved under a fixed script name (`…/cache.php`): whoever uploads runs code.
    if (!tainted(a1) && EXECUTABLE_PATH.test(end(a1) ?? '')) cx.flag('uploadInput', line, name, '$_FILES');
  }
  if ((name === 'copy' || name === 'rename') && a1) {
    cx.sink('writeInput', line, a1, name);
    // A script fetched from elsewhere (or a file the request names) copied in as a script.
    if (!tainted(a1) && EXECUTABLE_PATH.test(end(a1) ?? '')) {
      if (REMOTE.test(start(a0))) cx.flag('writeInput', line, name, start(a0).slice(0, 60));
      else if (a0) cx.sink('writeInput', line, a0, name);
    }
  }
  if (name === 'stream_copy_to_stream') writeSink(cx, name, a1?.file, a0, line);
  if (FILE_TOOLS.has(name))
    for (const path of name === 'symlink' || name === 'link' ? [a0, a1] : [a0])
      fileTool(cx, name, path, line);
  // The rest of a file opened by a path from the request, sent to the visitor.
  if (name === 'fpassthru') fileTool(cx, name, a0?.file, line);
  // error_log($msg, 3, $path) appends $msg to $path.
  if (name === 'error_log' && a1?.s === '3') writeSink(cx, name, a2, a0, line);
  // Variables that make the next program PHP starts (sendmail, iconv's modules) load a library.
  if (name === 'putenv' && /^\s*(LD_PRELOAD|GCONV_PATH|PHP_INI_SCAN_DIR)\s*=/i.test(start(a0)))
    cx.flag('ldPreload', line, name);
  // dl() loads a PHP extension (native code) by the name it is given.
  if (name === 'dl' && a0) cx.sink('includeInput', line, a0, name);
  // The folders `include 'x.php'` searches, chosen by the request: any file named so is run.
  if (name === 'set_include_path' && a0) cx.sink('includeInput', line, a0, name);
  if (name === 'ini_set' && /^\s*include_path\s*$/i.test(a0?.s ?? '') && a1)
    cx.sink('includeInput', line, a1, name);
  // mail()'s fifth argument goes to sendmail's command line (`-X /path/shell.php`).
  if ((name === 'mail' || name === 'mb_send_mail') && v[4]) cx.sink('commandInput', line, v[4], name);
  // imap_open's mailbox reaches rsh/ssh's command line (`-oProxyCommand=…`).
  if (name === 'imap_open' && a0) {
    if (/\s-o\s*ProxyCommand/i.test(start(a0))) cx.flag('commandInput', line, name, 'ProxyCommand');
    else cx.sink('commandInput', line, a0, name);
  }
  if (name === 'define' && a0?.s !== undefined && a1) cx.props.set(cx.constKey(a0.s), a1);
  // Every variable in scope: at the top of a file, the request's superglobals among them.
  if (name === 'get_defined_vars' && !cx.fn) return cx.lookup('GLOBALS');
  // The arguments of the call, whatever parameters the function declares.
  if (name === 'func_get_args' && cx.fn) return { taint: ALL_PARAMS };
  if (name === 'func_get_arg' && cx.fn)
    return { taint: a0?.s !== undefined && +a0.s >= 0 && +a0.s < 30 ? 2 << +a0.s : ALL_PARAMS };
  if (name === 'tempnam') return { taint: 0, tmp: true };
  if (name === 'sys_get_temp_dir') return { taint: 0, tmpDir: true };
  // The last part of a path: whatever the request put in it, no folder (`../`) is left.
  if (name === 'basename' && a0) {
    if (a0.s !== undefined && v.length === 1)
      return {
        taint: 0,
        s:
          a0.s
            .replace(/[\\/]+$/, '')
            .split(/[\\/]/)
            .pop() ?? '',
      };
    return { ...flow([a0]), flat: true };
  }
  if ((name === 'extract' || name === 'import_request_variables') && tainted(a0)) cx.extracted = true;
  if (name === 'parse_str' || name === 'mb_parse_str') {
    const out = a.refs[1];
    if (out) assign(cx, out, '=', flow([a0 ?? unknown()]));
    else if (tainted(a0)) cx.extracted = true;
  }
  if ((name === 'exec' || name === 'preg_match' || name === 'preg_match_all') && a.refs[v.length - 1])
    assign(cx, a.refs[v.length - 1]!, '=', flow(v));
  if (READS.has(name) && /^php:\/\/(input|stdin)/i.test(start(a0))) return input('php://input');
  // `php://filter/convert.base64-encode/resource=` and a path from the request: any file's source, encoded to carry off.
  if (READS.has(name) && /^php:\/\/filter\//i.test(start(a0)) && a0) cx.sink('fileInput', line, a0, name);
  // A download written straight into a script (`CURLOPT_FILE` of `fopen('x.php', 'w')`).
  if (name === 'curl_setopt' && a1?.k?.toUpperCase() === 'CURLOPT_FILE' && a2?.file) {
    if (EXECUTABLE_PATH.test(end(a2.file) ?? '')) cx.flag('writeInput', line, name, 'CURLOPT_FILE');
  }
  const kept =
    name === 'session' || name === 'cache'
      ? storeCall(cx, name, '', v)
      : name === 'file_get_contents' || name === 'file'
        ? readFile(cx, a0)
        : undefined;
  if (kept) return kept;
  // Text fetched from a fixed remote address: whoever holds that address chooses it. The address
  // (as far as it is known) is what the reviewer is shown as the source.
  if (name === 'file_get_contents' && /^(https?|ftp):\/\//i.test(start(a0)))
    return { taint: 0, remote: start(a0).slice(0, 80) };
  if (name === 'curl_exec' || name === 'curl_multi_getcontent') return { taint: 0, remote: `${name}()` };
  if (name === 'fopen') {
    if (/[waxc+]/.test(a1?.s ?? 'r') && a0) cx.sink('writeInput', line, a0, name);
    return { taint: 0, file: a0 ?? unknown() };
  }
  // Request headers reach getenv() under FastCGI; HTTP_PROXY no longer does (httpoxy fix), and HTTP
  // clients read it for their proxy setting.
  if (name === 'getenv' && /^(HTTP_(?!PROXY$)|QUERY_STRING|REQUEST_URI)/.test(start(a0)))
    return input('getenv()');
  if (INPUT_FUNCTIONS.has(name) || (name === 'cookie' && v.length === 1)) return input(`${name}()`);
  if (name === 'request' && v.length === 0) return { taint: 0, req: true };
  if (SHELL_ESCAPE.has(name)) return { taint: 0, head: tainted(a0) || a0?.head, src: a0?.src };
  // A hash or a number: no request text, and no file extension anyone chose (`$dir . md5(…)`).
  if (CLEAN.has(name)) return { taint: 0, tail: '' };
  if (name === 'explode' && a0?.s !== undefined && a1?.s !== undefined && a0.s !== '')
    return { taint: 0, items: a1.s.split(a0.s, 256).map((s, i) => ({ k: String(i), v: { taint: 0, s } })) };
  const folded = fold(name, v, cx.budget);
  const packed = DECODERS.has(name) && (a0?.s !== undefined || a0?.packed);
  if (folded) return { ...folded, packed: packed || folded.packed };
  return DECODERS.has(name) ? { ...flow(v), dec: true, packed } : flow(v);
}

/** `$f(…)`: a call through a value. */
export function callValue(cx: Ctx, callee: Val, a: Args, line: number): Val {
  if (callee.obj) return cx.callUser('__invoke', a.vals, line, null, callee.summary) ?? flow(a.vals);
  if (callee.taint) cx.sink('callInput', line, callee, callee.s);
  else if (callee.remote) cx.flag('callInput', line, callee.s, callee.remote);
  cx.callThrough(callee, a.vals, line);
  if (tainted(callee)) return unknown();
  if (callee.s !== undefined && !callee.s.includes('::')) return callFunction(cx, callee.s, a, line, true);
  if (callee.s !== undefined) return callStaticName(cx, callee.s, a.vals, line) ?? flow(a.vals);
  if (callee.items) {
    invoke(cx, callee, a.vals, line);
    return unknown();
  }
  if (callee.s === undefined) {
    // An embedded payload (decoded here to its text) handed to a function we cannot name; data the
    // code decodes at run time (an unzip library's callbacks) is not held for that alone.
    const arg = a.vals.find((x) => tainted(x)) ?? a.vals.find((x) => x.dec && x.s !== undefined);
    if (arg && tainted(arg)) cx.flag('dynamicInput', line, undefined, arg.src);
    else if (arg?.s !== undefined) {
      cx.flag('dynamicDecoded', line);
      nestedFindings(cx, arg.s, line);
    }
  }
  return flow(a.vals);
}

function callbacks(cx: Ctx, name: string, a: Args, spec: { cb: number; data: number[] }, line: number): Val {
  const spread = a.spread >= 0 && a.spread <= spec.cb ? a.vals[a.spread] : undefined;
  const cb = spread ?? a.vals[spec.cb];
  // A missing argument keeps its place: the parameters after it still get theirs.
  const data = spec.data.map((i) => a.vals[i] ?? unknown());
  if (spread) data.push(spread);
  if (cb) invoke(cx, cb, name === 'call_user_func_array' ? data.map((d) => flow([d])) : data, line);
  return flow(a.vals);
}

/** A callback receiving `data`: a function name, `[$object, 'method']`, or a closure. */
export function invoke(cx: Ctx, cb: Val, data: Val[], line: number): void {
  if (cb.obj) {
    cx.callUser('__invoke', data, line, null, cb.summary);
    return;
  }
  if (cb.taint) cx.sink('callInput', line, cb);
  else if (cb.remote) cx.flag('callInput', line, cb.s, cb.remote);
  if (!cb.items) cx.callThrough(cb, data, line);
  if (tainted(cb)) return;
  if (cb.s !== undefined && !cb.s.includes('::')) {
    callFunction(cx, cb.s, noArgs(data), line, true);
    return;
  }
  if (cb.s !== undefined) {
    callStaticName(cx, cb.s, data, line);
    return;
  }
  const [target, method] = [cb.items?.[0]?.v, cb.items?.[1]?.v];
  if (method?.taint) cx.sink('callInput', line, method);
  // `[new C, 'm']`, `[$obj, 'm']`, `['C', 'm']`: the method of that name in this file, or C's.
  else if (method?.s !== undefined) {
    const cls = target?.cls ?? (target?.s !== undefined ? cx.classNamed(target.s) : null);
    cx.callUser(method.s.toLowerCase(), data, line, cls);
  }
}

/** `'Class::method'` as a callback: the method of that name in this file, or the class's. */
function callStaticName(cx: Ctx, name: string, data: Val[], line: number): Val | undefined {
  const at = name.lastIndexOf('::');
  return cx.callUser(name.slice(at + 2).toLowerCase(), data, line, cx.classNamed(name.slice(0, at)) ?? null);
}

/** `unserialize($x, ['allowed_classes' => false])`: no object can be built. */
function noClasses(options: Val | undefined): boolean {
  const allowed = options?.items?.find((i) => i.k === 'allowed_classes')?.v;
  // `false` reads as the empty string (expr.ts), as PHP prints it.
  return allowed?.s === '' || (allowed?.items !== undefined && allowed.items.length === 0);
}

/** A pattern built with request data but ending in known modifiers without `e` (`'/' . $x . '$/i'`). */
function fixedModifiers(pattern: Val): boolean {
  const tail = end(pattern);
  const m = tail === undefined ? null : /[^A-Za-z0-9\s\\]([A-Za-z]*)$/.exec(tail);
  return m !== null && !/e/.test(m[1] ?? '');
}

/** Whether a preg pattern (or one of an array of them) carries the `e` modifier. */
function evalModifier(pattern: Val): boolean {
  const list = pattern.items ? pattern.items.map((i) => i.v.s) : [pattern.s];
  return list.some((p) => {
    if (!p) return false;
    const body = p.trimStart();
    const open = body.charAt(0);
    const close = ({ '(': ')', '{': '}', '[': ']', '<': '>' } as Record<string, string>)[open] ?? open;
    const last = body.lastIndexOf(close);
    return last > 0 && /e/.test(body.slice(last + 1));
  });
}

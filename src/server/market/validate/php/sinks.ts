/** Where code, commands, includes and writes end up: the package scan's sinks (calls.ts, expr.ts). */
import 'server-only';
import {
  CODE_STREAM,
  CONFIG_RUNS_CODE,
  EXECUTABLE_PATH,
  REMOTE,
  REVERSE_SHELL,
  SERVER_CONFIG_FILE,
} from './catalog';
import type { Ctx } from './context';
import { readFile, writeFile } from './stores';
import { end, flow, inTempFolder, start, tainted, type Val } from './values';

export function codeSink(cx: Ctx, fn: string, v: Val, line: number, strict: boolean): void {
  if (v.taint) cx.sink('evalInput', line, v, fn);
  if (tainted(v)) return;
  if (v.remote) {
    cx.flag('evalInput', line, fn, v.remote);
    return;
  }
  if (v.dec) cx.flag(fn === 'eval' ? 'evalDecoded' : 'codeDecoded', line, fn);
  if (v.s !== undefined) {
    nestedFindings(cx, v.s, line);
    return;
  }
  // `eval('?>' . $compiled)`: a template engine (Twig, Smarty) running the template it compiled, in
  // PHP's text mode. Request data, a download or a decoded string in it is found above; alone it is not.
  if (strict && !v.dec && !v.taint && !v.pre?.startsWith('?>')) cx.flag('evalDynamic', line, fn);
}

export function commandSink(cx: Ctx, fn: string, vals: Val[], line: number, label = fn): void {
  let v = vals[0];
  if (fn === 'pcntl_exec') v = flow(vals);
  const text = v?.items ? v.items.map((i) => i.v.s ?? '').join(' ') : start(v);
  if (fn === 'proc_open' && v?.items) v = v.items[0]?.v;
  if (!v) return;
  if (!tainted(v) && REVERSE_SHELL.test(text)) cx.flag('reverseShell', line, label, text.slice(0, 60));
  if (v.head && !tainted(v)) cx.flag('commandInput', line, label, v.src);
  if (v.remote && !tainted(v)) cx.flag('commandInput', line, label, v.remote);
  cx.sink('commandInput', line, v, label);
  if (v.dec && !tainted(v)) cx.flag('codeDecoded', line, label);
}

export function includeSink(cx: Ctx, kw: string, v: Val, line: number): void {
  const s = start(v);
  if (CODE_STREAM.test(s)) cx.flag('includeInput', line, kw, v.src ?? s.slice(0, 12));
  else if (REMOTE.test(s)) cx.flag('remoteInclude', line, kw, s.slice(0, 60));
  // A stream wrapper the file registers itself, or code inside an archive (`phar://`).
  else if (/^[a-z][\w+.-]*:\/\//i.test(s) && !/^file:/i.test(s))
    cx.flag('includeStream', line, kw, s.slice(0, 60));
  else cx.sink('includeInput', line, v, kw);
  // A file some code of the package fills with request data.
  const kept = readFile(cx, v);
  if (kept) cx.sink('includeInput', line, kept, kw);
  // A path under a fixed folder whose rest is data decoded at run time (a format read from an
  // archive picks its module, `GETID3_INCLUDEPATH . $format['include']`) names one of the files there,
  // as a constant path would: only a name packed in the file itself is hidden on purpose.
  if (v.dec && !tainted(v) && (v.packed || !underFolder(v))) cx.flag('codeDecoded', line, kw);
  // A file named by a download (a server elsewhere picks which file of this one runs).
  if (v.remote && !tainted(v)) cx.flag('includeInput', line, kw, v.remote);
}

/** Starts with a folder: a constant (`__DIR__`, `APP_PATH`) or known text with a `/` before any `:`, so no stream. */
function underFolder(v: Val): boolean {
  if (v.anchored) return true;
  const s = start(v);
  const slash = s.search(/[/\\]/);
  return slash >= 0 && !s.slice(0, slash).includes(':');
}

/** A write to `path`: a path from the request, or request data (or a packed payload) in a script. */
export function writeSink(
  cx: Ctx,
  fn: string,
  path: Val | undefined,
  data: Val | undefined,
  line: number,
): void {
  const temp = path !== undefined && inTempFolder(path);
  if (path && !temp) cx.sink('writeInput', line, path, fn);
  if (!data || (tainted(path) && !temp)) return;
  writeFile(cx, path, data);
  const settings =
    SERVER_CONFIG_FILE.test(end(path) ?? '') && CONFIG_RUNS_CODE.exec(data.s ?? data.pre ?? '');
  if (settings) cx.flag('configWrite', line, fn, settings[0].trim().slice(0, 60));
  // A packed payload unpacked to a temporary file (and included): held for what the text does.
  if (path?.tmp) {
    cx.sink('writeInput', line, data, fn);
    if (data.packed && !data.taint && data.s !== undefined) {
      const found = cx.nested(data.s, false).filter((f) => f.rule !== 'notScanned');
      if (found.length) cx.flag('writeDecoded', line, fn);
      for (const f of found) cx.flag(f.rule, line, f.fn, f.src);
    }
    return;
  }
  const target = end(path);
  if (target !== undefined && !EXECUTABLE_PATH.test(target)) return;
  // A download saved as a script: whoever serves it runs code here.
  if (data.remote && !tainted(data) && target !== undefined) cx.flag('writeInput', line, fn, data.remote);
  // `php://filter/write=convert.base64-decode/resource=x.php`: the text is decoded as it is written.
  if (
    /^php:\/\/filter\/(?:[^/]*\/)*?write=[^/]*convert\.base64-decode/i.test(start(path)) &&
    data.s !== undefined
  ) {
    if (!data.taint) cx.flag('writeDecoded', line, fn);
    nestedFindings(
      cx,
      Buffer.from(data.s.replace(/[^A-Za-z0-9+/]/g, ''), 'base64').toString('latin1'),
      line,
      false,
    );
  } else if (data.s !== undefined && !data.packed && data.s.includes('<?'))
    nestedFindings(cx, data.s, line, false);
  cx.sink('writeInput', line, data, fn);
  // A script whose eval() is completed at run time (`'<?php eval(base64_decode("' . $x . '"));'`):
  // whatever fills it (even encoded) runs as code.
  const code = data.s === undefined && data.pre?.includes('<?') ? data.pre.slice(-200) : '';
  if (/\b(?:eval|assert)\s*\(\s*(?:\w+\s*\(\s*)*["']$/i.test(code))
    cx.flag('writeInput', line, fn, 'eval(…)');
  // An embedded payload unpacked into a script (images decoded from an API response are not held).
  // A handle the file opened elsewhere (a socket to ssh-agent, a log) is written `pack()`ed bytes by
  // protocols: only a script's path, or PHP in the unpacked text, makes it a payload.
  if (data.packed && !data.taint && (target !== undefined || data.s?.includes('<?'))) {
    cx.flag('writeDecoded', line, fn);
    if (data.s !== undefined) nestedFindings(cx, data.s, line, false);
  }
}

/**
 * What code known only as a string (run by eval, written as a script) does, reported at the line
 * that runs or writes it. A payload left unread for the budget is already held by that line's finding.
 */
export function nestedFindings(cx: Ctx, code: string, line: number, asCode = true): void {
  for (const f of cx.nested(code, asCode)) if (f.rule !== 'notScanned') cx.flag(f.rule, line, f.fn, f.src);
}

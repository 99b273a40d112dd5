import 'server-only';
import { EXECUTABLE_PATH, SERVER_CONFIG_FILE } from './catalog';

/**
 * What the scan knows about a PHP value: its text when it can be worked out without running the
 * code, and whether request data (or a function parameter) flows into it.
 */
export type Val = {
  /** The exact string, when known (one char per byte, as PHP strings are). */
  s?: string;
  /** Known start and end of the string when only part of it is known (`'data://' . $x`). */
  pre?: string;
  tail?: string;
  /** Bit 0: request data; bit i+1: parameter i of the function being read. */
  taint: number;
  /** Where the request data came from, for the reviewer (`$_GET`, `getallheaders()`). */
  src?: string;
  /** The package's other file it passed through (a session written there, a helper declared there). */
  via?: string;
  /** Starts with request data made shell-safe (escapeshellarg): harmless as an argument, not as a command. */
  head?: boolean;
  /** Came out of a decoder (base64_decode, gzinflate, str_rot13, …). */
  dec?: boolean;
  /** Decoded from text written in the file: an embedded payload, not data decoded at run time. */
  packed?: boolean;
  /** Array items, for callbacks (`[$this, 'm']`), `implode` and option arrays. */
  items?: { k: string; v: Val }[];
  /** A closure or an object: callable, but not by a function name. */
  obj?: boolean;
  /** An object's class, when known (`new X`, `$this`): lower-case short name. */
  cls?: string;
  /** The request object of the framework (`$this->request`, `request()`). */
  req?: boolean;
  /** A superglobal read whole (`$_SERVER` has keys that are not request data). */
  sg?: string;
  /** A file handle from fopen: the path it writes. */
  file?: Val;
  /**
   * Downloaded from a fixed address (file_get_contents('https://…'), curl_exec): whoever serves it
   * chooses it, so it is held as a command, code or a function name, and written into a script;
   * saved anywhere else (a cover image from an API) it is a download. Where it came from.
   */
  remote?: string;
  /** A network connection (fsockopen, socket_create): what is read from it, someone elsewhere chose. */
  sock?: boolean;
  /** A shell object (`new COM('WScript.Shell')`): its exec()/run() run commands. */
  shell?: boolean;
  /** A temporary file's path (tempnam()): no name a web server runs. */
  tmp?: boolean;
  /** Starts with the system's temporary folder (sys_get_temp_dir()), outside any site. */
  tmpDir?: boolean;
  /** What the request (or a parameter) put in it has no folder part: it went through basename(). */
  flat?: boolean;
  /** A constant's name (`FILTER_CALLBACK`). */
  k?: string;
  /** Starts with a constant (`APP_PATH . $x`): a path under a fixed folder, whatever follows. */
  anchored?: boolean;
  /** Carries a secret of the CMS (its database settings, an admin password): what it was read from (behaviour.ts). */
  secret?: string;
  /** Names the CMS's own code (a listing of its `application/` folder): the path. */
  cmsCode?: string;
  /** A closure: what calling it does with its arguments. */
  summary?: { sinks: Sink[]; ret: number };
};

/**
 * A sink a function's parameter reaches. `fixed`: the value starts with a known text or constant;
 * `hops`: files of the package it was followed through (link.ts).
 */
export type Sink = {
  param: number;
  rule: string;
  line: number;
  fn?: string;
  fixed?: boolean;
  hops?: number;
  /** The parameter names a file of the temporary folder (tempEnding): a caller's name without a folder part stays there. */
  temp?: boolean;
};

export const REQUEST = 1;
export const unknown = (): Val => ({ taint: 0 });
export const lit = (s: string): Val => ({ s, taint: 0 });
export const input = (src: string): Val => ({ taint: REQUEST, src });

/** A value that may be either one (after an `if`, a ternary, `??`). */
export function merge(a: Val, b: Val): Val {
  return {
    s: a.s === b.s ? a.s : undefined,
    taint: a.taint | b.taint,
    src: a.src ?? b.src,
    via: a.via ?? b.via,
    head: a.head || b.head,
    dec: a.dec || b.dec,
    packed: a.packed || b.packed,
    obj: a.obj && b.obj,
    anchored: a.anchored && b.anchored,
    tmpDir: a.tmpDir && b.tmpDir,
    flat: (!a.taint || a.flat) && (!b.taint || b.flat),
    cls: a.cls === b.cls ? a.cls : undefined,
    req: a.req || b.req,
    items: a.items && b.items ? [...a.items, ...b.items].slice(0, 256) : (a.items ?? b.items),
    file: a.file ?? b.file,
    remote: a.remote ?? b.remote,
    secret: a.secret ?? b.secret,
    cmsCode: a.cmsCode ?? b.cmsCode,
  };
}

/** `a . b` */
export function concat(a: Val, b: Val): Val {
  const s = a.s !== undefined && b.s !== undefined ? a.s + b.s : undefined;
  return {
    s: s !== undefined && s.length > 4_000_000 ? undefined : s,
    pre: a.s !== undefined ? a.s + (b.pre ?? b.s ?? '') : a.pre,
    tail: b.s !== undefined ? (a.tail ?? a.s ?? '') + b.s : b.tail,
    taint: a.taint | b.taint,
    src: a.src ?? b.src,
    via: a.via ?? b.via,
    head: a.head || (a.s === '' && b.head),
    anchored: a.anchored || (a.s === '' && b.anchored),
    tmpDir: a.tmpDir || (a.s === '' && b.tmpDir),
    flat: (!a.taint || a.flat) && (!b.taint || b.flat),
    dec: a.dec || b.dec,
    packed: a.packed || b.packed,
    remote: a.remote ?? b.remote,
    secret: a.secret ?? b.secret,
  };
}

/** Everything that flows into a result computed from `vals` (a function result, an array). */
export function flow(vals: Val[]): Val {
  const out: Val = { taint: 0 };
  for (const v of vals) {
    out.taint |= v.taint;
    out.src ??= v.src;
    out.via ??= v.via;
    out.dec ||= v.dec;
    out.packed ||= v.packed;
    out.head ||= v.head;
    out.remote ??= v.remote;
    if (v.secret) out.secret ??= v.secret;
    if (v.cmsCode) out.cmsCode ??= v.cmsCode;
  }
  return out;
}

export const tainted = (v: Val | undefined) => ((v?.taint ?? 0) & REQUEST) !== 0;

/** Known text of a value: the whole string, or its known start for a prefix check. */
export const start = (v: Val | undefined) => v?.s ?? v?.pre ?? '';
export const end = (v: Val | undefined) => v?.s ?? v?.tail;
/** Whether the start of a value is fixed: a known text or a constant. */
export const anchored = (v: Val | undefined): boolean =>
  v?.anchored === true ||
  start(v) !== '' ||
  (v?.items !== undefined && v.items.length > 0 && v.items.every((i) => anchored(i.v)));

/**
 * In the system's temporary folder, with a fixed ending no server runs (`sys_get_temp_dir() . '/sf_'
 * . $name . '.log'`): outside the site and not a script, wherever in the folder it lands.
 */
export function tempEnding(v: Val): boolean {
  const tail = end(v) ?? '';
  return (
    v.tmpDir === true && /\.\w+$/.test(tail) && !EXECUTABLE_PATH.test(tail) && !SERVER_CONFIG_FILE.test(tail)
  );
}

/**
 * …and what the request put in the name has no folder part (basename()): a file of that folder.
 * Writing it, creating it, is not a code write (what it is filled with is kept under its ending, for
 * an include of such a file: stores.ts).
 */
export const inTempFolder = (v: Val): boolean => tempEnding(v) && v.flat === true;

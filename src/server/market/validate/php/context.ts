import 'server-only';
import type { Watch } from './behaviour';
import { SUPERGLOBALS } from './catalog';
import { type FileLink, lineage, via, want } from './link';
import type { Tok } from './tokens';
import { anchored, input, merge, REQUEST, type Sink, tempEnding, type Val } from './values';

/** One thing a reviewer must look at: the rule it breaks and the line that breaks it. */
export type Finding = { rule: string; line: number; fn?: string; src?: string; via?: string };

/** What calling a function of the file does with its arguments (found in an earlier pass). */
export type Summary = {
  sinks: Sink[];
  ret: number;
  /** Where the request data it returns comes from (`$_GET`), named for the reviewer at the call. */
  retSrc?: string;
  /** `$f($a)` with `$f` a parameter: the parameter naming the function, and what each argument carries. */
  calls?: { param: number; args: number[]; line: number }[];
  /** By-reference parameters the function fills with request data (`function grab(&$out)`). */
  outs?: number[];
  /** Declared in another file of the package (link.ts): its sinks are reported where it is called. */
  from?: string;
  /** The class declaring the method (lower-case short name). */
  cls?: string;
};

/** Where an assignment goes. */
export type Ref =
  | { k: 'var'; name: string }
  | { k: 'prop'; key: string; cls?: string }
  | { k: 'elem'; base: Ref; key?: string }
  | { k: 'dyn'; name: Val }
  | { k: 'list'; refs: Ref[] };

type Fn = { name: string; summary: Summary; refs: { name: string; param: number }[] };
type Saved = {
  scope: Map<string, Val>;
  fn: Fn | undefined;
  blocks: number;
  outer: Map<string, Val> | undefined;
};

/**
 * What reading may still cost, shared by every file of a package and the code they decode: tokens
 * read (the scan's cost is linear in them), bytes decoders may produce (a few bytes of deflate
 * can stand for megabytes), and tokens of data-only files (data-only.ts), which are only checked
 * to hold nothing but literals (TCPDF's font tables run to millions).
 */
export type Budget = { tokens: number; decoded: number; data: number };
export const newBudget = (): Budget => ({ tokens: 1_000_000, decoded: 8_000_000, data: 8_000_000 });

/**
 * Each call the reader reads, as written: a function by name (`undefined` when the callee is a value,
 * `$f()`), a method, a static method or a class built with `new` (lower-case short names). Tests
 * compare it with a PHP parser's calls (oracle.test.ts); unset in the scan, it costs nothing.
 */
export type CallTrace = (
  kind: 'function' | 'method' | 'static' | 'new',
  name: string | undefined,
  line: number,
) => void;

/** Sinks that choose among code (a file to include, a function to call) rather than run text. */
export const LOADS = new Set(['includeInput', 'callInput']);

/** Deeper nesting than this is not read but held: no real plugin nests code a hundred levels. */
export const MAX_DEPTH = 100;

/** The state of reading one file: tokens, variables in scope, findings. */
export class Ctx {
  p = 0;
  scope = new Map<string, Val>();
  /** The enclosing scope an arrow function reads through. */
  outer: Map<string, Val> | undefined;
  readonly globals = this.scope;
  fn: Fn | undefined;
  /** Blocks entered in the current function; assignments inside a block may not happen. */
  blocks = 0;
  /** The next statement runs only sometimes (a brace-less `if` body). */
  cond = false;
  /** `extract($_GET)` or `$$name = …` from request data: any unknown variable may hold request data. */
  extracted = false;
  /**
   * XPath or XSLT here may call any PHP function (`registerPhpFunctions()` with no list); queries
   * and stylesheets from the request met before it was seen wait in `phpQueries`.
   */
  phpFunctions = false;
  phpQueries: { v: Val; line: number; fn: string }[] = [];
  nesting = 0;
  tooDeep = false;
  /** What the code does to the CMS itself, watched as it is read (behaviour.ts). */
  watch: Watch | undefined;
  readonly findings: Finding[] = [];
  /** The file's variables at the end of the previous reading (`global $x` in a function read first). */
  prev: Map<string, Val> | undefined;
  /** Whether a variable read before any assignment takes its value from the previous reading (goto). */
  late = false;
  /** Calls a function by name (calls.ts), for a parameter naming the function a wrapper calls. */
  callName: ((name: string, data: Val[], line: number) => void) | undefined;
  private calling = 0;
  /** The class being read and the one it extends (lower-case short names). */
  cls: string | undefined;
  parent: string | undefined;
  trace: CallTrace | undefined;

  constructor(
    public toks: Tok[],
    readonly props: Map<string, Val>,
    readonly summaries: Map<string, Summary>,
    readonly nextSummaries: Map<string, Summary>,
    /** Scans a known string the code runs (eval'd code) or writes as a script (`asCode` false). */
    readonly nested: (code: string, asCode?: boolean) => Finding[],
    readonly budget: Budget,
    /** The file's classes and their parents. */
    readonly parents: Map<string, string>,
    /** The package's other files, when the file is read as part of one (link.ts). */
    readonly link?: FileLink,
  ) {}

  peek(offset = 0): Tok | undefined {
    return this.toks[this.p + offset];
  }

  is(v: string, offset = 0): boolean {
    const t = this.toks[this.p + offset];
    return (
      t !== undefined && (t.t === 'op' || t.t === 'id') && (t.t === 'id' ? t.v.toLowerCase() : t.v) === v
    );
  }

  eat(v: string): boolean {
    if (!this.is(v)) return false;
    this.p++;
    return true;
  }

  get line(): number {
    return this.peek()?.line ?? this.toks[this.toks.length - 1]?.line ?? 1;
  }

  /** Skips a balanced `(…)`, `[…]` or `{…}` starting at the current token. */
  skipGroup(): void {
    let depth = 0;
    while (this.p < this.toks.length) {
      const t = this.toks[this.p++];
      if (t?.t !== 'op') continue;
      if (t.v === '(' || t.v === '[' || t.v === '{') depth++;
      if (t.v === ')' || t.v === ']' || t.v === '}') depth--;
      if (depth <= 0) return;
    }
  }

  lookup(name: string): Val {
    if (SUPERGLOBALS.has(name)) return { ...input(`$${name}`), sg: name };
    if (name === '_SERVER' || name === 'GLOBALS') return { taint: REQUEST, src: `$${name}`, sg: name };
    if (name === 'this') return { taint: 0, obj: true, cls: this.cls };
    // Its keys are read one by one from the stores (stores.ts), in every function and file.
    if (name === '_SESSION') return { taint: 0, sg: name };
    const known = this.scope.get(name) ?? this.outer?.get(name);
    if (known) return known;
    const later = this.late && !this.fn ? this.prev?.get(name) : undefined;
    if (later) return later;
    if (this.extracted) return input('extract()');
    if (name === 'request' || name === 'req') return { taint: 0, req: true };
    // ThinkPHP template variables: `$Think.get.c`, `$Request.param.c` are request data.
    if (name === 'Think' || name === 'Request') return input(`$${name}`);
    return { taint: 0 };
  }

  /** Straight-line code replaces a variable's value; code that may not run adds to it. */
  set(name: string, v: Val): void {
    const old = this.scope.get(name);
    this.scope.set(name, old && (this.blocks > 0 || this.cond) ? merge(old, v) : v);
  }

  /** A sink reached by `v`: request data is a finding, a parameter is remembered for the callers. */
  sink(rule: string, line: number, v: Val, fn?: string, hops = 0): void {
    if (v.taint & REQUEST) this.flag(rule, line, fn, v.src, v.via);
    const params = v.taint >>> 1;
    if (!params || !this.fn) return;
    const fixed = anchored(v) || undefined;
    const temp = tempEnding(v) || undefined;
    for (let i = 0; i < 30; i++)
      if (params & (1 << i))
        this.fn.summary.sinks.push({ param: i, rule, line, fn, fixed, hops: hops || undefined, temp });
  }

  flag(rule: string, line: number, fn?: string, src?: string, via?: string): void {
    if (this.findings.length < 200) this.findings.push({ rule, line, fn, src, ...(via ? { via } : {}) });
  }

  /**
   * A property (`->x`, `::x`), a session or cache key, a file or a constant: as this file left it,
   * or holding request data another file of the package put there (a member of `cls` or a parent).
   */
  prop(key: string, cls?: string): Val | undefined {
    let v = this.props.get(key);
    const member = key.startsWith('->') || key.startsWith('::');
    for (const k of member ? lineage(cls, this.parents, this.link).map((c) => c + key) : [key]) {
      want(this.link, k);
      const other = this.link?.shared?.stores.get(k);
      if (other) v = v ? merge(v, other) : other;
    }
    return v;
  }

  /** `$this->x = …` in class C: `->x` for this file, `c->x` for the package. */
  keepMember(key: string, v: Val, cls?: string): void {
    this.keep(key, v);
    if (cls) this.keep(cls + key, v);
  }

  /**
   * What calling a function does (`cls` undefined), or a method of `cls` (null: of an unknown
   * class): this file's by name, else one another file of the package declares.
   */
  summaryOf(name: string, cls?: string | null): Summary | undefined {
    const own = this.summaries.get(name);
    if (own || cls === null) return own;
    for (const k of cls === undefined
      ? [name]
      : lineage(cls, this.parents, this.link).map((c) => `${c}::${name}`)) {
      want(this.link, `call:${k}`);
      const other = this.link?.shared?.summaries.get(k);
      if (other) return other;
    }
    return undefined;
  }

  /** `self`, `static`, `parent` or a class name as written: the class it names. */
  classNamed(raw: string): string | undefined {
    const name = raw.toLowerCase();
    if (name === 'self' || name === 'static') return this.cls;
    if (name === 'parent') return this.parent;
    return name.slice(name.lastIndexOf('\\') + 1) || undefined;
  }

  /**
   * The key of a constant named as written: `\App\F` and define('App\F') are the `const F` of the
   * file's `namespace App;` (namespaces are not followed, as for classes). Case kept: constants have it.
   */
  constKey(raw: string): string {
    return `const:${raw.slice(raw.lastIndexOf('\\') + 1)}`;
  }

  /** Properties are shared by every method of the file, whichever runs first: always add to them. */
  keep(key: string, v: Val): void {
    const old = this.props.get(key);
    this.props.set(key, old ? merge(old, v) : v);
  }

  /**
   * Arguments meeting a function whose parameters reach sinks: at the sink's line in this file, or
   * at the call (`line`) when the function is another file's.
   */
  callUser(name: string, args: Val[], line: number, cls?: string | null, own?: Summary): Val | undefined {
    const summary = own ?? this.summaryOf(name, cls);
    if (!summary) return undefined;
    const from = summary.from;
    const arg = (i: number) => {
      const v = args[i];
      return v && from ? via(v, from) : v;
    };
    for (const s of summary.sinks) {
      const v = arg(s.param);
      // Another file's loader given a path under a fixed folder (`APP_PATH . $lang . '.php'`), or a
      // callback name with a fixed prefix: a choice among the package's own files and functions.
      if (!v || (anchored(v) && (s.rule === 'fileInput' || (from && LOADS.has(s.rule))))) continue;
      // A name without a folder part (basename()) for a file of the temporary folder: it stays there.
      if (s.temp && v.flat && (s.rule === 'writeInput' || s.fn === 'touch' || s.fn === 'unlink')) continue;
      this.sink(s.rule, from ? line : s.line, v, s.fn, from ? (s.hops ?? 0) + 1 : s.hops);
    }
    if (this.callName && this.calling < 4)
      for (const c of summary.calls ?? []) {
        const fn = args[c.param]?.s;
        if (fn === undefined) continue;
        const data = c.args.map((t) => {
          const v: Val = { taint: t & REQUEST };
          for (let i = 0; i < args.length && i < 30; i++)
            if (t & (2 << i)) {
              v.taint |= args[i]?.taint ?? 0;
              v.src ??= arg(i)?.src;
              v.via ??= arg(i)?.via;
            }
          return v;
        });
        this.calling++;
        this.callName(fn, data, from ? line : c.line);
        this.calling--;
      }
    // Another file's functions are shared for their sinks only: what they return is not followed.
    let taint = from ? 0 : summary.ret & REQUEST;
    let src = taint ? (summary.retSrc ?? 'request data') : undefined;
    for (let i = 0; i < args.length && i < 30; i++)
      if (summary.ret & (2 << i)) {
        taint |= args[i]?.taint ?? 0;
        src ??= args[i]?.src;
      }
    return { taint, src };
  }

  enterFunction(name: string, params: string[]): Saved {
    const saved = { scope: this.scope, fn: this.fn, blocks: this.blocks, outer: this.outer };
    this.outer = undefined;
    const key = name.toLowerCase();
    const summary = this.nextSummaries.get(key) ?? { sinks: [], ret: 0, cls: this.cls };
    this.nextSummaries.set(key, summary);
    this.fn = { name: key, summary, refs: [] };
    this.scope = new Map();
    params.forEach((param, i) => {
      const byRef = param.startsWith('&');
      const rest = param.replace(/^&/, '').startsWith('...');
      const p = param.replace(/^&?(\.\.\.)?/, '');
      if (byRef) this.fn?.refs.push({ name: p, param: i });
      // A parameter typed as the framework's request (`Request $request`) is the request object.
      const req = p.toLowerCase() === 'request' || p === 'req';
      let taint = i < 30 ? 2 << i : 0;
      for (let j = i + 1; rest && j < 30; j++) taint |= 2 << j;
      this.scope.set(p, { taint, req });
    });
    this.blocks = 0;
    return saved;
  }

  /** A function `$f(…)` call through a parameter `$f`: recorded for callers passing a name. */
  callThrough(callee: Val, data: Val[], line: number): void {
    const params = callee.taint >>> 1;
    if (!params || !this.fn || callee.s !== undefined) return;
    const calls = this.fn.summary.calls ?? [];
    this.fn.summary.calls = calls;
    for (let i = 0; i < 30 && calls.length < 20; i++)
      if (params & (1 << i)) calls.push({ param: i, args: data.map((d) => d.taint), line });
  }

  /** At the end of a function: by-reference parameters left holding request data. */
  closeFunction(): void {
    const fn = this.fn;
    if (!fn) return;
    for (const r of fn.refs)
      if ((this.scope.get(r.name)?.taint ?? 0) & REQUEST)
        fn.summary.outs = [...(fn.summary.outs ?? []), r.param];
  }

  leave(saved: Saved): void {
    Object.assign(this, saved);
  }
}

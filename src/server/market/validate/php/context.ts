import { SUPERGLOBALS } from './catalog';
import type { Tok } from './tokens';
import { input, merge, REQUEST, type Val } from './values';

/** One thing a reviewer must look at: the rule it breaks and the line that breaks it. */
export type Finding = { rule: string; line: number; fn?: string; src?: string };

/** What calling a function of the file does with its arguments (found in an earlier pass). */
export type Summary = {
  sinks: { param: number; rule: string; line: number; fn?: string }[];
  ret: number;
  /** `$f($a)` with `$f` a parameter: the parameter naming the function, and what each argument carries. */
  calls?: { param: number; args: number[]; line: number }[];
  /** By-reference parameters the function fills with request data (`function grab(&$out)`). */
  outs?: number[];
};

/** Where an assignment goes. */
export type Ref =
  | { k: 'var'; name: string }
  | { k: 'prop'; key: string }
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
 * read (the scan's cost is linear in them) and bytes decoders may produce (a few bytes of deflate
 * can stand for megabytes).
 */
export type Budget = { tokens: number; decoded: number };
export const newBudget = (): Budget => ({ tokens: 1_000_000, decoded: 8_000_000 });

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
  nesting = 0;
  tooDeep = false;
  readonly findings: Finding[] = [];
  /** The file's variables at the end of the previous reading (`global $x` in a function read first). */
  prev: Map<string, Val> | undefined;
  /** Whether a variable read before any assignment takes its value from the previous reading (goto). */
  late = false;
  /** Calls a function by name (calls.ts), for a parameter naming the function a wrapper calls. */
  callName: ((name: string, data: Val[], line: number) => void) | undefined;
  private calling = 0;

  constructor(
    public toks: Tok[],
    readonly props: Map<string, Val>,
    readonly summaries: Map<string, Summary>,
    readonly nextSummaries: Map<string, Summary>,
    /** Scans a known string the code runs (eval'd code) or writes as a script (`asCode` false). */
    readonly nested: (code: string, asCode?: boolean) => Finding[],
    readonly budget: Budget,
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
    if (name === 'this') return { taint: 0, obj: true };
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
  sink(rule: string, line: number, v: Val, fn?: string): void {
    if (v.taint & REQUEST) this.flag(rule, line, fn, v.src);
    const params = v.taint >>> 1;
    if (!params || !this.fn) return;
    for (let i = 0; i < 30; i++)
      if (params & (1 << i)) this.fn.summary.sinks.push({ param: i, rule, line, fn });
  }

  flag(rule: string, line: number, fn?: string, src?: string): void {
    if (this.findings.length < 200) this.findings.push({ rule, line, fn, src });
  }

  /** Arguments meeting a function of this file whose parameters reach sinks. */
  callUser(name: string, args: Val[], own?: Summary): Val | undefined {
    const summary = own ?? this.summaries.get(name);
    if (!summary) return undefined;
    for (const s of summary.sinks) {
      const arg = args[s.param];
      if (arg) this.sink(s.rule, s.line, arg, s.fn);
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
              v.src ??= args[i]?.src;
            }
          return v;
        });
        this.calling++;
        this.callName(fn, data, c.line);
        this.calling--;
      }
    let taint = summary.ret & REQUEST;
    let src = taint ? 'return' : undefined;
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
    const summary = this.nextSummaries.get(key) ?? { sinks: [], ret: 0 };
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

import 'server-only';
import { LOADS, type Summary } from './context';
import { REQUEST, type Val } from './values';

/**
 * What the files of one package share, so that a shape split over two files is read as one: the
 * functions and methods that hand a parameter to a sink, and the stores (`$_SESSION`, `session()`,
 * caches, files by name, static and `$this->` properties) written from request data. Each file is
 * read once on its own; a file reading something another file shares is read again with it
 * (scan-link.ts), instead of reading the whole package as one program.
 *
 * Methods and properties are shared under their class (`demodb::query`, `base->layout`), and found
 * only where the class is known (`X::m()`, `new X` then `->m()`, `$this` and its parent classes):
 * by name alone every `get()` of a framework would stand for every other.
 */
export type Shared = {
  /** Functions by lower-case name, methods as `class::name`; `from` names the declaring file. */
  summaries: Map<string, Summary>;
  /** `session:k`, `cache:k`, `file:name`, `const:NAME`, `class->prop`, `class::prop`. */
  stores: Map<string, Val>;
  /** Each class's parent class (lower-case short names). */
  parents: Map<string, string>;
};

/** One file's part: what it reads of others (`wants`) and, after a reading, what it shares. */
export type FileLink = {
  name: string;
  shared?: Shared;
  /** Keys as wantKey() spells them: what the file would read if another file shared it. */
  wants: Set<string>;
  /** More names than WANTS: any shared thing may concern the file. */
  wantsAll?: boolean;
  out?: Shared;
};

/** Names a file may read of others before it counts as reading anything (a generated file). */
const WANTS = 4096;
const SINKS = 64;
/** Parent classes followed: deeper hierarchies are not how a plugin hides a shell. */
const DEPTH = 8;

/** A class member's key without its class (`*->layout`): parent classes are known only once all files are read. */
export const wantKey = (key: string) => key.replace(/^(call:)?[^:>*]+(->|::)/, '$1*$2');

export function want(link: FileLink | undefined, key: string): void {
  if (!link || link.wantsAll) return;
  const k = wantKey(key);
  if (link.wants.has(k)) return;
  if (link.wants.size >= WANTS) link.wantsAll = true;
  else link.wants.add(k);
}

/** `cls` and the classes it extends, as far as this file and the others say. */
export function lineage(cls: string | undefined, own: Map<string, string>, link?: FileLink): string[] {
  const out: string[] = [];
  for (
    let c = cls;
    c && out.length < DEPTH && !out.includes(c);
    c = own.get(c) ?? link?.shared?.parents.get(c)
  )
    out.push(c);
  return out;
}

/** A value meeting another file: the file a reviewer must read with this one (the first one met). */
export const via = (v: Val, file: string): Val => (v.taint & REQUEST && !v.via ? { ...v, via: file } : v);

/**
 * The sinks a function is shared for: code and commands run. Helpers that write, unpack or build
 * objects from their parameters are everywhere in real code (logs, caches, config files, routing),
 * and a summary cannot say which of their callers' paths is safe.
 */
const RUNS = new Set(['evalInput', 'commandInput', 'callInput', 'includeInput', 'regexEval']);
/**
 * Files a sink is followed through before it is no longer shared: a helper calling a helper of
 * another file is how shapes split; chains through a framework's layers are how it loads itself.
 */
const HOPS = 2;

/** Store keys other files may read: global ones and class members (`->x` alone is this file's guess). */
const SHARED_STORE = /^(session|cache|file|const):|^[^:>]+(->|::)/;

/** A stream wrapper (`data:`, `php://`, `phar://`), which an include reads as code or an archive, not a folder. */
const STREAM = /^(?:data:|[a-z][\w+.-]*:\/\/)/i;

/** What one reading of a file shares: summaries that reach a sink, stores holding request data, its classes. */
export function exportsOf(
  name: string,
  summaries: Map<string, Summary>,
  props: Map<string, Val>,
  parents: Map<string, string>,
): Shared {
  const out: Shared = { summaries: new Map(), stores: new Map(), parents };
  for (const [fn, s] of summaries) {
    const sinks = s.sinks.filter(
      (x) => RUNS.has(x.rule) && (x.hops ?? 0) < HOPS && !(x.fixed && LOADS.has(x.rule)),
    );
    if (!fn.startsWith('{') && (sinks.length || s.calls?.length || s.outs?.length))
      out.summaries.set(s.cls ? `${s.cls}::${fn}` : fn, { ...s, sinks, from: name });
  }
  for (const [key, v] of props)
    if (v.taint & REQUEST && SHARED_STORE.test(key))
      out.stores.set(key, { taint: REQUEST, src: v.src, via: name });
    // A constant naming a stream rather than a folder (`data://…`): elsewhere a path starting with a
    // constant is read as under a fixed folder (values.ts `anchored`), so its value is shared.
    else if (key.startsWith('const:') && STREAM.test(v.s ?? v.pre ?? ''))
      out.stores.set(key, { taint: 0, pre: (v.s ?? v.pre ?? '').slice(0, 200), via: name });
  return out;
}

/** Two files declaring one function or class member: either may run. */
export function mergeSummary(a: Summary, b: Summary): Summary {
  return {
    sinks: [...a.sinks, ...b.sinks].slice(0, SINKS),
    ret: a.ret | b.ret,
    retSrc: a.retSrc ?? b.retSrc,
    calls: a.calls || b.calls ? [...(a.calls ?? []), ...(b.calls ?? [])].slice(0, SINKS) : undefined,
    outs: a.outs || b.outs ? [...new Set([...(a.outs ?? []), ...(b.outs ?? [])])] : undefined,
    from: a.from ?? b.from,
  };
}

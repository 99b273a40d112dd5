import fs from 'node:fs';
import path from 'node:path';
import { Engine } from 'php-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEBIAN_PHP, debianRelease } from '../../../../../tests/support/debian-php';
import type { CallTrace } from './context';
import { scanPhp } from './scan-php';

/**
 * A PHP parser as the oracle of the reader: every call php-parser finds in a file it can parse
 * (a function by name, a method, a static method, a class built with `new`) must be one the reader
 * read too, on the same line. A call the reader never reads is code whose arguments it never
 * followed, whatever rule watches them. Callees named at run time (`$f()`, `$o->$m()`, `new $c`)
 * are compared by kind and line only.
 */
type Kind = Parameters<CallTrace>[0];
type Call = { kind: Kind; name?: string; line: number };

const parser = new Engine({
  parser: { php8: true, suppressErrors: false, extractDoc: false },
  ast: { withPositions: true },
  lexer: { short_tags: true },
});

type Node = { kind: string; loc?: { start: { line: number }; end: { line: number } } } & Record<
  string,
  unknown
>;
const isNode = (x: unknown): x is Node =>
  typeof x === 'object' && x !== null && typeof (x as { kind?: unknown }).kind === 'string';
const short = (name: string) => name.slice(name.lastIndexOf('\\') + 1).toLowerCase();
const lineOf = (n: Node) => n.loc?.start.line ?? 0;

/** The calls php-parser finds, anywhere in the tree (bodies, conditions, arguments, strings…). */
function parserCalls(src: string): Call[] | undefined {
  let ast: unknown;
  try {
    ast = parser.parseCode(src, 'oracle.php');
  } catch {
    return undefined;
  }
  const out: Call[] = [];
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) {
      for (const y of x) visit(y);
      return;
    }
    if (!isNode(x)) return;
    const what = x.what as Node | undefined;
    if (x.kind === 'call' && what) {
      const offset = what.offset as Node | undefined;
      // `($this->fn)()` calls the property's value, not a method: php-parser marks the parentheses.
      if (what.parenthesizedExpression) out.push({ kind: 'function', line: what.loc?.end.line ?? 0 });
      else if (what.kind === 'name')
        out.push({ kind: 'function', name: short(what.name as string), line: lineOf(what) });
      else if ((what.kind === 'propertylookup' || what.kind === 'nullsafepropertylookup') && offset)
        out.push({ kind: 'method', name: identifier(offset), line: lineOf(offset) });
      else if (what.kind === 'staticlookup' && offset)
        out.push({ kind: 'static', name: identifier(offset), line: lineOf(offset) });
      else out.push({ kind: 'function', line: what.loc?.end.line ?? 0 });
    }
    if (x.kind === 'new' && what && what.kind !== 'class') {
      const name =
        what.kind === 'name'
          ? short(what.name as string)
          : /^(self|static|parent)reference$/.test(what.kind)
            ? what.kind.replace('reference', '')
            : undefined;
      out.push({ kind: 'new', name, line: lineOf(x) });
    }
    for (const [k, v] of Object.entries(x)) if (k !== 'loc' && k !== 'leadingComments') visit(v);
  };
  visit(reachable(ast as Node));
  return out;
}

const DECLARATIONS = new Set(['function', 'class', 'interface', 'trait', 'enum']);

/**
 * What PHP can run of a file: everything, unless its first statement is `exit`/`die` (a demo
 * disabled "for security reasons"), when only that statement and the functions and classes the
 * file declares (PHP declares them before it runs the first statement) can ever run.
 */
function reachable(program: Node): unknown {
  const children = program.children as Node[];
  const first = children[0];
  const exits =
    first?.kind === 'expressionstatement' && (first.expression as Node | undefined)?.kind === 'exit';
  return exits ? [first, ...children.slice(1).filter((c) => DECLARATIONS.has(c.kind))] : program;
}

const identifier = (n: Node) => (n.kind === 'identifier' ? (n.name as string).toLowerCase() : undefined);

type Reader = (src: string) => { seen: Set<string>; unread?: string };

/** The calls the reader reads in `src`, by kind and line and by kind, name and line. */
const reader: Reader = (src) => {
  const seen = new Set<string>();
  const findings = scanPhp(src, 'php', undefined, 0, false, undefined, (kind, name, line) => {
    seen.add(`${kind}:${line}`);
    if (name !== undefined) seen.add(`${kind}:${name}:${line}`);
  });
  // Past the budget or too deeply nested, a file is held for a person rather than read.
  const unread = findings.find((f) => f.rule === 'notScanned' || f.rule === 'tooComplex');
  return { seen, unread: unread?.rule };
};

type Source = { path: string; src: string };
type Miss = { file: string; kind: Kind; name?: string; line: number; text: string };

function check(files: Source[], read = reader) {
  let checked = 0;
  const unparsed: string[] = [];
  const unread: Record<string, string> = {};
  const misses: Miss[] = [];
  for (const f of files) {
    const calls = parserCalls(f.src);
    if (!calls) {
      unparsed.push(f.path);
      continue;
    }
    const r = read(f.src);
    if (r.unread) {
      unread[f.path] = r.unread;
      continue;
    }
    for (const c of calls) {
      checked++;
      const key = c.name === undefined ? `${c.kind}:${c.line}` : `${c.kind}:${c.name}:${c.line}`;
      if (!r.seen.has(key))
        misses.push({ file: f.path, ...c, text: f.src.split('\n')[c.line - 1]?.trim().slice(0, 120) ?? '' });
    }
  }
  return { checked, unparsed, unread, misses };
}

const FIXTURES = path.join(import.meta.dirname, '../../../../../tests/fixtures/webshells');

function phpFiles(dir: string, rel = ''): Source[] {
  const out: Source[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...phpFiles(full, `${rel}${e.name}/`));
    else if (e.name.endsWith('.php'))
      out.push({ path: `${rel}${e.name}`, src: fs.readFileSync(full, 'utf8') });
  }
  return out;
}

/** Files per Debian release: every n-th PHP file, so each library's whole tree is sampled. */
const PER_RELEASE = 16;

/**
 * Files the reader holds unread, with the reason (the budget, `notScanned`, or nesting, `tooComplex`):
 * none of the sampled files today. A file listed here is one the oracle cannot speak for.
 */
const UNREAD: Record<string, string> = {};

/** Files php-parser refuses (it is the oracle only where it parses), with what it does not know. */
const UNPARSED_CRAFTED = {
  'clean/184-pipe-operator/Tool.php': "PHP 8.5's pipe operator `|>`",
  'held/184-pipe-operator/Tool.php': "PHP 8.5's pipe operator `|>`",
};
const UNPARSED_REAL = {
  'php-guzzlehttp-psr7/php/GuzzleHttp/Psr7/StreamWrapper.php': '`clone($x)` written as a call',
};

describe('php-parser as the oracle of the PHP reader', () => {
  it('finds a call the reader does not read', () => {
    const src = { path: 'x.php', src: '<?php\n$a = new A(f());\n$a->m(); B::s(); $g();\n' };
    expect(check([src]).misses).toEqual([]);
    const blind = check([src], () => ({ seen: new Set() }));
    expect(blind.misses.map((m) => `${m.kind}:${m.name ?? '?'}:${m.line}`)).toEqual([
      'new:a:2',
      'function:f:2',
      'method:m:3',
      'static:s:3',
      'function:?:3',
    ]);
  });

  it('reads every call of constructs the corpora seldom hold', () => {
    const src = `<?php
namespace app\\demo;
const LOGGER = new Logger(level());
#[Route(new Path('/x'))]
function handle(Request $r = new Request(), ?Clock $c = new Clock(now())) {
    static $cache = new Cache();
    return $r?->input('q') ?? match (kind()) { 'a' => first(), default => second() };
}
trait Greets { public function greet() { return hello(); } }
class Tool {
    use Greets { greet as protected hi; }
    public function __construct(private Store $store = new Store(path())) {}
    public function run() { return \\strlen(...) . self::make()->go(...) . parent::boot(); }
}
enum Suit: string { case H = 'h'; public function label(): string { return ucfirst($this->value); } }
$o = new class(arg()) { use Greets { greet as hey; } public function m() { return inner(); } };
$f = fn($x) => outer($x)($x);
echo "{$o->m()}", <<<EOT
  {$o->greet()}
  EOT;
`;
    const r = check([{ path: 'constructs.php', src }]);
    expect(r.unparsed).toEqual([]);
    expect(r.checked).toBe(25);
    expect(r.misses).toEqual([]);
  });

  it('reads every call of the crafted webshell corpus', () => {
    const r = check(phpFiles(FIXTURES));
    expect(r.checked).toBeGreaterThan(0);
    expect(r.misses).toEqual([]);
    expect(r.unread).toEqual(UNREAD);
    expect(r.unparsed).toEqual(Object.keys(UNPARSED_CRAFTED));
  });

  const real: Source[] = [];
  beforeAll(() => {
    const dec = new TextDecoder();
    for (const pkg of DEBIAN_PHP) {
      const php = debianRelease(pkg).files.filter((f) => f.path.endsWith('.php'));
      const step = Math.max(1, Math.floor(php.length / PER_RELEASE));
      for (let i = 0; i < php.length && i / step < PER_RELEASE; i += step)
        real.push({ path: `${pkg}/${php[i]!.path}`, src: dec.decode(php[i]!.bytes) });
    }
  }, 600_000);

  it('reads every call of a sample of real libraries', () => {
    const r = check(real);
    expect(r.checked).toBeGreaterThan(0);
    expect(r.misses).toEqual([]);
    expect(r.unread).toEqual(UNREAD);
    expect(r.unparsed).toEqual(Object.keys(UNPARSED_REAL));
  }, 120_000);
});

import 'server-only';
import type { Tok } from './tokens';

/** Names a data file may spell: array literals, literals, its own folder, includes. */
const WORDS = new Set([
  'array',
  'true',
  'false',
  'null',
  'dirname',
  '__file__',
  '__dir__',
  'include',
  'include_once',
  'require',
  'require_once',
]);
const INCLUDE = new Set(['include', 'include_once', 'require', 'require_once']);
/** Operators of assignments and literal arithmetic; nothing that calls, reaches members or runs text. */
const OPS = new Set(['=', ';', ',', '(', ')', '[', ']', '=>', '.', '-', '+', '*', '/', '%']);
/** What a `(` may follow: an array literal, dirname(). */
const OPENS = new Set(['array', 'dirname']);

/**
 * Whether running a file only gives variables literal values: `$cw = array(32 => 250, …);`, the
 * width tables a PDF library ships as PHP, and includes of fixed files beside it. No call (bare,
 * through a variable or on a result), no member, no variable variable, no interpolated string,
 * no command, no request data: run directly or included, such a file does nothing else, so it need
 * not be followed line by line (its includes are files of the package, read on their own).
 */
export function dataOnly(toks: Tok[]): boolean {
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as Tok;
    switch (t.t) {
      case 'num':
        continue;
      case 'var':
        // Request data, or what a variable variable could reach.
        if (t.v.startsWith('_') || t.v === 'GLOBALS' || t.v === 'this') return false;
        continue;
      case 'str':
        if (t.parts) return false;
        continue;
      case 'id': {
        const word = t.v.toLowerCase();
        if (!WORDS.has(word)) return false;
        if (INCLUDE.has(word)) {
          const past = besideInclude(toks, i + 1);
          if (past < 0) return false;
          i = past - 1;
        }
        continue;
      }
      case 'op': {
        if (!OPS.has(t.v)) return false;
        if (t.v === '(' && calls(toks[i - 1])) return false;
        continue;
      }
      default:
        return false;
    }
  }
  return true;
}

/** Whether a `(` after `prev` calls something: a name, a variable, a string, a result. */
function calls(prev: Tok | undefined): boolean {
  if (!prev) return false;
  if (prev.t === 'op') return prev.v === ')' || prev.v === ']';
  return !(prev.t === 'id' && OPENS.has(prev.v.toLowerCase()));
}

/**
 * `include(dirname(__FILE__).'/x.php');` or `require __DIR__ . '/x.php';` from `at` (past the
 * keyword): a script beside the file, which is read on its own (a request writing such a name is
 * held where it writes). Answers the index past the statement, or -1 for any other path: a
 * variable, a stream (`php://input`), a file of another kind that some code may fill.
 */
function besideInclude(toks: Tok[], at: number): number {
  let i = at;
  const eat = (t: Tok['t'], v: string) => {
    const ok = toks[i]?.t === t && toks[i]?.v.toLowerCase() === v;
    if (ok) i++;
    return ok;
  };
  const op = (v: string) => eat('op', v);
  const id = (v: string) => eat('id', v);
  const paren = op('(');
  if (!(id('__dir__') || (id('dirname') && op('(') && id('__file__') && op(')')))) return -1;
  if (!op('.')) return -1;
  const path = toks[i];
  if (path?.t !== 'str' || path.parts || !/^\/[\w./-]*\.php$/i.test(path.v) || path.v.includes('..'))
    return -1;
  i++;
  if (paren && !op(')')) return -1;
  return op(';') || i === toks.length ? i : -1;
}

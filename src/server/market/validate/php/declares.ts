import 'server-only';
import { type Tok, tokenize } from './tokens';

const MODIFIERS = new Set(['abstract', 'final', 'readonly']);
const CLASS_LIKE = new Set(['class', 'interface', 'trait', 'enum', 'function']);
const INCLUDE = new Set(['require', 'require_once', 'include', 'include_once']);
/** Tokens read at most: a declarations-only file is read in full, anything longer is not judged. */
const MAX_TOKENS = 200_000;

/**
 * Whether running a file as a script does nothing but declare: namespaces, imports, classes,
 * interfaces, traits, enums and functions, and includes of fixed paths (the file included is
 * read on its own). Declaring runs none of the code declared: a template of generated code
 * (`Template.php.in`) run by a server that maps its name to PHP does nothing.
 */
export function declaresOnly(text: string): boolean {
  const toks = tokenize(text, 'php', false, MAX_TOKENS);
  if (toks.length >= MAX_TOKENS) return false;
  let i = 0;
  const is = (at: number, t: Tok['t'], v?: string) =>
    toks[at]?.t === t && (v === undefined || toks[at]?.v === v);
  /** Past the block opened at `at` (a `{`), braces balanced; -1 when it never closes. */
  const pastBlock = (at: number) => {
    let depth = 0;
    for (let k = at; k < toks.length; k++) {
      if (is(k, 'op', '{')) depth++;
      else if (is(k, 'op', '}') && --depth === 0) return k + 1;
    }
    return -1;
  };
  while (i < toks.length) {
    const t = toks[i]!;
    if (is(i, 'op', ';')) {
      i++;
      continue;
    }
    // An attribute (`#[Attr]`) before a declaration.
    if (is(i, 'op', '[') && is(i + 1, 'id') && is(i + 2, 'op', ']')) {
      i += 3;
      continue;
    }
    if (t.t !== 'id') return false;
    const word = t.v.toLowerCase();
    if (word === 'namespace' || word === 'use' || word === 'declare') {
      while (i < toks.length && !is(i, 'op', ';') && !is(i, 'op', '{')) i++;
      // A bracketed namespace or declare block holds statements of its own: not judged.
      if (is(i, 'op', '{')) return false;
      continue;
    }
    if (INCLUDE.has(word)) {
      const at = is(i + 1, 'op', '(') ? i + 2 : i + 1;
      if (!is(at, 'str') || (toks[at] as { parts?: unknown }).parts) return false;
      i = at + (is(i + 1, 'op', '(') ? 2 : 1);
      continue;
    }
    let k = i;
    while (is(k, 'id') && MODIFIERS.has(toks[k]!.v.toLowerCase())) k++;
    if (!is(k, 'id') || !CLASS_LIKE.has(toks[k]!.v.toLowerCase())) return false;
    // A closure called at once (`function () {…}();`) is not a declaration.
    if (toks[k]!.v.toLowerCase() === 'function' && !is(k + 1, 'id') && !is(k + 2, 'id')) return false;
    while (k < toks.length && !is(k, 'op', '{')) {
      if (is(k, 'op', ';')) return false;
      k++;
    }
    i = pastBlock(k);
    if (i < 0) return false;
  }
  return true;
}

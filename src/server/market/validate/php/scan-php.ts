import 'server-only';
import { newWatch } from './behaviour';
import { callFunction } from './calls';
import { type Budget, type CallTrace, Ctx, type Finding, newBudget, type Summary } from './context';
import { dataOnly } from './data-only';
import { exportsOf, type FileLink } from './link';
import { statements } from './stmts';
import { type Mode, type Tok, tokenize } from './tokens';
import type { Val } from './values';

/** Code run from a string inside code inside code…: deeper than this is held unread. */
const MAX_NESTED = 4;
/** Reading a file again lets calls see functions declared further down (and their callers). */
const PASSES = 3;

/**
 * Findings in one PHP source (or a template holding PHP): where request data, decoded payloads or
 * names built at run time reach code execution, the shell, includes and file writes. With `link`,
 * the file is read as part of a package: with what the other files share, and sharing its own.
 */
export function scanPhp(
  src: string,
  mode: Mode = 'php',
  budget: Budget = newBudget(),
  depth = 0,
  asCode = false,
  link?: FileLink,
  /** Told of each call the file's reading meets (tests only). */
  trace?: CallTrace,
): Finding[] {
  let toks = tokenize(src, mode, asCode, budget.tokens);
  // A file that only gives variables literal values (a PDF library's font tables) does nothing when
  // run: it is not read line by line, and its size comes out of the budget for such tables instead.
  if (depth === 0 && mode === 'php' && dataOnly(toks)) {
    if (toks.length > budget.tokens) toks = tokenize(src, mode, asCode, budget.data);
    if (toks.length <= budget.data && dataOnly(toks)) {
      budget.data -= toks.length;
      // The one call such a file may make: `dirname(__FILE__)` naming a fixed include.
      for (const t of toks)
        if (t.t === 'id' && t.v.toLowerCase() === 'dirname') trace?.('function', 'dirname', t.line);
      const obfuscated = obfuscatedNames(toks);
      return obfuscated ? [{ rule: 'obfuscatedVars', line: obfuscated }] : [];
    }
  }
  // Past the package's budget the file is left to a person rather than read slowly.
  if (toks.length > budget.tokens) return [{ rule: 'notScanned', line: 0 }];
  budget.tokens -= toks.length;
  const nestedCache = new Map<string, Finding[]>();
  const nested = (code: string, inner = true): Finding[] => {
    const key = `${inner}:${code}`;
    let found = nestedCache.get(key);
    if (!found) {
      found =
        depth + 1 >= MAX_NESTED
          ? [{ rule: 'tooComplex', line: 0 }]
          : scanPhp(code, 'php', budget, depth + 1, inner);
      nestedCache.set(key, found);
    }
    return found;
  };
  const props = new Map<string, Val>();
  const parents = new Map<string, string>();
  let summaries = new Map<string, Summary>();
  let cx: Ctx | undefined;
  // `global $x` in a function declared before `$x` is set, and `goto` jumping back over code: read
  // again with the variables the first reading ended with.
  const jumps = toks.some((t) => t.t === 'id' && /^(global|goto)$/i.test(t.v));
  const late = toks.some((t) => t.t === 'id' && /^goto$/i.test(t.v));
  let prev: Map<string, Val> | undefined;
  for (let pass = 0; pass < PASSES; pass++) {
    const next = new Map<string, Summary>();
    cx = new Ctx(toks, props, summaries, next, nested, budget, parents, link);
    cx.prev = prev;
    cx.watch = newWatch();
    cx.late = late;
    cx.trace = trace;
    const c = cx;
    c.callName = (fn, data, line) => {
      callFunction(c, fn, { vals: data, refs: [], spread: -1 }, line, true);
    };
    statements(cx, false);
    const same = JSON.stringify([...next]) === JSON.stringify([...summaries]);
    summaries = next;
    prev = cx.globals;
    if (same && !(jumps && pass === 0)) break;
  }
  if (link) link.out = exportsOf(link.name, summaries, props, parents);
  const findings = [...(cx?.findings ?? [])];
  if (cx?.tooDeep) findings.push({ rule: 'tooComplex', line: cx.line });
  const obfuscated = obfuscatedNames(toks);
  if (obfuscated) findings.push({ rule: 'obfuscatedVars', line: obfuscated });
  return dedupe(findings);
}

/** `$O00O0O`-style names, which PHP "encryptors" use to hide what a file does: line of the first. */
function obfuscatedNames(toks: Tok[]): number {
  const names = new Map<string, number>();
  for (const t of toks)
    if (t.t === 'var' && (t.v[0] === 'O' || t.v[0] === '0') && /^[O0]{4,}$/.test(t.v) && !names.has(t.v))
      names.set(t.v, t.line);
  return names.size >= 4 ? Math.min(...names.values()) : 0;
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.rule}:${f.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

import 'server-only';
import { type Node, type Program, parse } from 'acorn';
import { extractLoaded } from '../extract';
import { originalAt } from './code-edits';
import { emptyFacts, type ScriptFacts } from './effects';
import type { PageData } from './page-data';
import { inlineProxies } from './proxies';
import { ScriptReader } from './reader';
import { resolveStringArrays } from './string-array';
import { type Budget, BudgetSpent, union, WHOLE_PROGRAM, withBudget } from './values';

/** Code read as code at most this many levels deep (eval of a decoded string of a packed eval…). */
const MAX_DEPTH = 4;
/** Longer scripts are not parsed (the pattern reading still runs, and the check says it was cut). */
export const MAX_PARSE = 2_000_000;

function program(code: string): Program | null {
  for (const sourceType of ['script', 'module'] as const) {
    try {
      return parse(code, {
        ecmaVersion: 'latest',
        sourceType,
        allowReturnOutsideFunction: true,
        allowHashBang: true,
      });
    } catch {
      // try the other kind, then the pattern reading
    }
  }
  return null;
}

/**
 * What one script loads, writes and where it sends the visitor (see ScriptReader); code it runs
 * from strings is read too, its findings placed at the call that ran it. A script that does not
 * parse is read by patterns over its raw and decoded text instead.
 */
export function readScript(
  code: string,
  budget: Budget,
  depth = 0,
  page: PageData | null = null,
): ScriptFacts {
  const facts = emptyFacts();
  const tree = code.length <= MAX_PARSE ? program(code) : null;
  if (!tree) {
    if (code.length > MAX_PARSE) budget.cut = true;
    facts.parsed = false;
    for (const l of extractLoaded(code.slice(0, MAX_PARSE * 2), 'http://unknown.invalid/')) {
      if (l.url.startsWith('http://unknown.invalid/')) continue;
      const kind =
        l.kind === 'iframe' ? 'iframe' : l.kind === 'script' || l.kind === 'js-src' ? 'script' : 'navigate';
      facts.loads.push({
        url: l.url,
        kind,
        how: 'pattern',
        dec: l.decoded ? ['escapes'] : [],
        gates: [],
        start: l.index,
        end: l.index,
      });
    }
    return facts;
  }
  // javascript-obfuscator's string array, read back: the program is read with its strings in place.
  // Its proxies (control-flow flattening) put back too.
  const resolved = depth < MAX_DEPTH ? resolveStringArrays(code, tree) : null;
  if (resolved) {
    const rounds = [resolved, ...(inlineProxies(resolved.code) ?? [])];
    const inner = readScript(rounds.at(-1)!.code, budget, depth + 1, page);
    const at = (n: number) => rounds.reduceRight((pos, r) => originalAt(r.edits, pos), n);
    // The obfuscator splits every string and name of the program alike: a name or tag in pieces says
    // nothing of the code's intent here, the string array itself is the hiding.
    const dec = (d: string[]) =>
      union(
        d.filter((x) => x !== 'builtName' && x !== 'splitTag'),
        ['stringArray', WHOLE_PROGRAM],
      );
    for (const l of inner.loads)
      facts.loads.push({ ...l, dec: dec(l.dec), start: at(l.start), end: at(l.end) });
    for (const m of inner.markup)
      facts.markup.push({ ...m, dec: dec(m.dec), start: at(m.start), end: at(m.end) });
    for (const s of inner.submits) facts.submits.push({ ...s, start: at(s.start) });
    return {
      ...inner,
      loads: facts.loads,
      markup: facts.markup,
      submits: facts.submits,
      idioms: [...inner.idioms, 'stringArray'],
    };
  }
  /** What code built and run by this script did (eval, Function, a packer's eval). */
  const ran = new Set<object>();
  const reader = new ScriptReader(
    code,
    facts,
    budget,
    (inner: string, dec: string[], gates: string[], at: Node) => {
      if (depth >= MAX_DEPTH) return;
      const sub = readScript(inner, budget, depth + 1, page);
      const place = { start: at.start, end: at.end };
      for (const l of sub.loads) {
        const load = { ...l, dec: union(l.dec, dec), gates: union(l.gates, gates), ...place };
        facts.loads.push(load);
        ran.add(load);
      }
      for (const m of sub.markup) {
        const written = { ...m, dec: union(m.dec, dec), gates: union(m.gates, gates), ...place };
        facts.markup.push(written);
        ran.add(written);
      }
      for (const s of sub.submits) facts.submits.push({ ...s, start: at.start });
      facts.idioms.push(...sub.idioms, 'eval');
    },
    page,
  );
  try {
    withBudget(budget, () => reader.walk(tree));
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error;
  }
  // All the script does is build code and run it (a packer, JSFuck, aaencode, jjencode): every
  // string of the program is hidden alike, not one address picked out to hide.
  const found = [...facts.loads, ...facts.markup];
  if (found.length > 0 && found.every((f) => ran.has(f)))
    for (const f of found) f.dec = union(f.dec, [WHOLE_PROGRAM]);
  // Text fetched from an address and run as code: that address serves the script.
  if (facts.runsFetched) facts.loads.push(...facts.fetched);
  // An address posted to the page itself, where a listener navigates to what it is sent.
  if (facts.messageNavigates.length > 0) facts.loads.push(...facts.posted);
  return facts;
}

/**
 * What the visitor copies, rewritten: a copy handler that adds another site's address to the
 * selection (`e.clipboardData.setData('text/plain', sel + ' 更多精彩 http://…')`), or code that
 * writes an address into the clipboard as the page loads or on any click. Each address is judged
 * like a load of kind `clipboard` (judge.ts): the site's own address, as attribution handlers add
 * it ("来源：…"), is first party and never a finding.
 */
import 'server-only';
import type { CallExpression } from 'acorn';
import type { ExpressionReader } from './expression-reader';
import { known, str, text, UNKNOWN, type Val } from './values';
import { load } from './writes';

/** Text types a copy or cut handler sets (`text/plain`, `text/html`, IE's `Text`). */
const TEXT_TYPES = /^text(?:\/(?:plain|html))?$/i;
/** Addresses written out in text: with a scheme, protocol-relative, or a bare `www.` host. */
const ADDRESS =
  /(?:https?:)?\/\/[\w.-]+\.[a-z]{2,}[^\s"'<>()，。、\uFFFF]*|\bwww\.[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}[^\s"'<>()，。、\uFFFF]*/gi;
/** Addresses looked for in one text at most. */
const MAX_ADDRESSES = 4;

/** The addresses a text carries, ready to resolve (a bare `www.` host gets a scheme). */
export function addressesIn(s: string): string[] {
  const found = s.match(ADDRESS) ?? [];
  return [...new Set(found.map((a) => (/^www\./i.test(a) ? `http://${a}` : a)))].slice(0, MAX_ADDRESSES);
}

/**
 * `clipboardData.setData('text/plain', v)` on whatever event (copy and cut handlers are where it
 * is used), or `navigator.clipboard.writeText(v)` run as the page loads or on a page-wide event
 * (a share button's handler copies the page it is on). Records each address in `v`.
 */
export function clipboardWrite(
  r: ExpressionReader,
  path: string,
  name: string | null,
  args: Val[],
  node: CallExpression,
): boolean {
  const a0 = args[0] ?? null;
  const set = name === 'setData' && args.length >= 2 && known(a0) && TEXT_TYPES.test(a0.s.trim());
  const write = path === 'navigator.clipboard.writeText' && !r.deferred;
  if (!set && !write) return false;
  const t = text((set ? args[1] : a0) ?? null);
  for (const url of addressesIn(t.s.replaceAll(UNKNOWN, ' ')))
    load(r, str(url, t.dec), 'clipboard', 'clipboard', node);
  return true;
}

import 'server-only';
import { type HidingKind, hidingKinds, showingKinds } from './hidden-style';

/** Classes and ids that style rules hide from every visitor (simple `.class` and `#id` selectors). */
export type HiddenSelectors = { classes: Set<string>; ids: Set<string> };

type Rule = { selectors: string; body: string; always: boolean };

/** Rules read per stylesheet: a theme's whole CSS fits, a hostile one cannot make the scan crawl. */
const MAX_RULES = 20_000;
/** `@media screen`, `@media all`: blocks that apply on every screen. */
const EVERY_SCREEN = /^@media\s+(?:only\s+)?(?:all|screen)\s*$/i;
/** At-rules whose blocks hold style rules; the others (`@font-face`, `@keyframes`) hold none. */
const GROUPING = /^@(?:media|supports|layer|container|document|-moz-document)\b/i;

/**
 * The style rules of CSS text, each saying whether it applies everywhere: a rule inside
 * `@media (max-width: 768px)` or `@media print` does not (a block kept off phones, a button kept
 * off paper). Linear in the text: each brace is looked at once.
 */
function styleRules(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  /** Open grouping blocks: whether the rules inside apply everywhere. */
  const open: boolean[] = [];
  let at = 0;
  let nextOpen = text.indexOf('{');
  let nextClose = text.indexOf('}');
  const advance = (to: number) => {
    at = to;
    if (nextOpen !== -1 && nextOpen < at) nextOpen = text.indexOf('{', at);
    if (nextClose !== -1 && nextClose < at) nextClose = text.indexOf('}', at);
  };
  while (rules.length < MAX_RULES) {
    if (nextClose !== -1 && (nextOpen === -1 || nextClose < nextOpen)) {
      open.pop(); // the end of a grouping block
      advance(nextClose + 1);
      continue;
    }
    if (nextOpen === -1) break;
    const head = text.slice(at, nextOpen);
    const prelude = head.slice(head.lastIndexOf(';') + 1).trim(); // after `@import …;`, `@charset …;`
    const everywhere = open.every(Boolean);
    if (GROUPING.test(prelude)) {
      open.push(everywhere && (!prelude.toLowerCase().startsWith('@media') || EVERY_SCREEN.test(prelude)));
      advance(nextOpen + 1);
      continue;
    }
    if (prelude.startsWith('@')) {
      advance(blockEnd(text, nextOpen));
      continue;
    }
    if (nextClose === -1) break;
    rules.push({ selectors: prelude, body: text.slice(nextOpen + 1, nextClose), always: everywhere });
    advance(nextClose + 1);
  }
  return rules;
}

/** Just past the `}` that closes the block opened at `from` (nested blocks included). */
function blockEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * The classes and ids a selector's last part names (`.nav li:hover .sub` → `.sub`), and whether
 * that part has a state. Links inside a block are the block's (`#flk a` → `#flk`); `[id=x]` and
 * `[class~=x]` read as `#x` and `.x`.
 */
function selectorNames(selector: string) {
  const parts = selector
    .trim()
    .replace(/\[\s*(id|class)\s*~?=\s*["']?([\w-]+)["']?\s*\]/gi, (_m, kind: string, name: string) =>
      kind.toLowerCase() === 'id' ? `#${name}` : `.${name}`,
    )
    .split(/\s*[\s>+~]\s*/);
  let last = parts.pop() ?? '';
  if (/^a$/i.test(last) && parts.length > 0) last = parts.pop() ?? '';
  const names = [...last.matchAll(/([.#])([\w-]+)/g)].map((m) => `${m[1]}${m[2]}`);
  return { names, plain: !/[:[]/.test(last) };
}

/** The element a script's selector names (`#flk`, `.links`, `#flk a`), as `#id` or `.class`: its first name. */
export function selectorTarget(selector: string): string | undefined {
  const { names, plain } = selectorNames(selector);
  return plain ? (names.find((n) => n.startsWith('#')) ?? names[0]) : undefined;
}

/**
 * Classes and ids that CSS hides from every visitor: a rule that hides a plain `.class` or `#id`
 * on every screen, not undone for it by any other rule (a menu shown on hover or when `.open`,
 * `.collapse.in`, a block hidden on phones only).
 */
export function hiddenSelectors(css: string): HiddenSelectors {
  const hides = new Map<string, Set<HidingKind>>();
  const shows = new Map<string, Set<HidingKind>>();
  const note = (into: Map<string, Set<HidingKind>>, name: string, kinds: HidingKind[]) => {
    const set = into.get(name) ?? new Set<HidingKind>();
    for (const k of kinds) set.add(k);
    into.set(name, set);
  };
  for (const rule of styleRules(css)) {
    const hiding = hidingKinds(rule.body);
    // `overflow: hidden; height: 0; width: 100%` hides by its size, whatever its width.
    const showing = showingKinds(rule.body).filter((k) => !hiding.includes(k));
    if (hiding.length === 0 && showing.length === 0) continue;
    for (const selector of rule.selectors.split(',')) {
      const { names, plain } = selectorNames(selector);
      for (const name of names) {
        if (hiding.length > 0 && plain && rule.always) note(hides, name, hiding);
        if (showing.length > 0) note(shows, name, showing);
      }
    }
  }
  const out: HiddenSelectors = { classes: new Set(), ids: new Set() };
  for (const [name, kinds] of hides) {
    const undone = shows.get(name);
    if ([...kinds].every((k) => undone?.has(k))) continue;
    (name.startsWith('.') ? out.classes : out.ids).add(name.slice(1));
  }
  return out;
}

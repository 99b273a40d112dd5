import 'server-only';
import type { AnyNode } from 'acorn';
import { known, MAX_STRING, num, str, text, union, type Val } from './values';

/** Items of an array (or parts of a split) the reader keeps at most. */
export const MAX_ITEMS = 20_000;

/** Two values joined as strings. */
export function concat(a: Val, b: Val): Val {
  const x = text(a);
  const y = text(b);
  return str((x.s + y.s).slice(0, MAX_STRING), union(x.dec, y.dec));
}

/** A string method worked out on a known string. Undefined: not one the reader knows. */
export function stringMethod(
  s: { s: string; dec: string[] },
  name: string,
  args: Val[],
  pattern?: AnyNode,
): Val | undefined {
  const n = (i: number) => (args[i]?.t === 'num' ? (args[i] as { n: number }).n : undefined);
  switch (name) {
    case 'split': {
      const sep = args[0];
      if (!known(sep ?? null)) return null;
      const parts = s.s.split((sep as { s: string }).s).slice(0, MAX_ITEMS);
      return { t: 'arr', items: parts.map((p) => str(p, s.dec)) };
    }
    case 'replace':
    case 'replaceAll': {
      const to = args[1];
      if (!known(to ?? null)) return null;
      const lit = pattern?.type === 'Literal' && pattern.regex ? literalRegex(pattern.regex) : null;
      const from =
        lit ??
        (known(args[0] ?? null) ? { text: (args[0] as { s: string }).s, all: name === 'replaceAll' } : null);
      if (!from?.text) return null;
      const out = from.all
        ? s.s.split(from.text).join((to as { s: string }).s)
        : s.s.replace(from.text, (to as { s: string }).s);
      return str(out.slice(0, MAX_STRING), union(s.dec, (to as { dec: string[] }).dec));
    }
    case 'concat':
      return args.reduce<Val>((acc, a) => concat(acc, a), str(s.s, s.dec));
    case 'slice':
    case 'substring':
      return str(s.s[name](n(0) ?? 0, n(1)), s.dec);
    case 'substr':
      return str(s.s.substr(n(0) ?? 0, n(1)), s.dec);
    case 'toLowerCase':
    case 'toUpperCase':
    case 'trim':
    case 'toString':
      return str(name === 'toString' ? s.s : s.s[name](), s.dec);
    case 'charAt':
      return str(s.s.charAt(n(0) ?? 0), s.dec);
    case 'charCodeAt':
      return num(s.s.charCodeAt(n(0) ?? 0));
    default:
      return undefined;
  }
}

/** A regular expression that is only literal characters (`/x/g`): used as plain text. */
function literalRegex(re: { pattern: string; flags: string }): { text: string; all: boolean } | null {
  const text = re.pattern.replace(/\\(.)/g, '$1');
  if (/[.*+?^${}()|[\]]/.test(re.pattern.replace(/\\./g, ''))) return null;
  return { text, all: re.flags.includes('g') };
}

export function arrayMethod(items: Val[], name: string, args: Val[]): Val | undefined {
  switch (name) {
    case 'join': {
      const sep = args[0] === undefined ? ',' : known(args[0]) ? args[0].s : null;
      if (sep === null) return null;
      const room = { left: 20_000 };
      const parts = items.map((item) => text(item, room));
      return str(
        parts.map((p) => p.s).join(sep),
        union(...parts.map((p) => p.dec), items.length > 1 ? ['concatenation'] : []),
      );
    }
    case 'reverse':
      return { t: 'arr', items: [...items].reverse() };
    case 'concat':
      return {
        t: 'arr',
        items: [...items, ...args.flatMap((a) => (a?.t === 'arr' ? a.items : [a]))].slice(0, MAX_ITEMS),
      };
    case 'slice':
      return {
        t: 'arr',
        items: items.slice(
          args[0]?.t === 'num' ? args[0].n : 0,
          args[1]?.t === 'num' ? args[1].n : undefined,
        ),
      };
    default:
      return undefined;
  }
}

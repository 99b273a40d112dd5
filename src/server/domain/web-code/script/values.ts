import 'server-only';
import type { Node } from 'acorn';
import type { Cover } from '../html/element-size';

/** Stands for a part of a string the reader could not work out (a variable, the page's URL…). */
export const UNKNOWN = '\uFFFF';
/**
 * In a value's `dec`: made from what a script fetched (fetched.ts). Unlike the other marks, a
 * browser object's path keeps it when it becomes text (`'(' + xhr.responseText + ')'`).
 */
export const FETCHED = 'fetched';
/** In a value's `dec`: the whole script was obfuscated (packed, JSFuck, a string array), not one address. */
export const WHOLE_PROGRAM = 'wholeProgram';
/** Longest string the reader builds; longer results are cut (and the check says so). */
export const MAX_STRING = 500_000;
/** Characters the reader may build in all, per scan: `a=a+a` repeated cannot make it copy forever. */
export const MAX_BUILT = 30_000_000;

/** Shared across one scan's scripts: syntax nodes still to read and characters still to build. */
export type Budget = { nodes: number; cut: boolean; chars?: number };
export class BudgetSpent extends Error {}

/** The budget of the script being read (reading is synchronous: one at a time). */
let active: Budget | null = null;
export function withBudget<T>(budget: Budget, fn: () => T): T {
  const outer = active;
  active = budget;
  try {
    return fn();
  } finally {
    active = outer;
  }
}

/** An element a script created: what it loads is only known once its `src` is set. */
export type ElementRec = {
  tag: string;
  hidden: boolean;
  /** The style set on it so far (declarations in order), and whether that puts it over the window. */
  style?: string;
  covers?: Cover;
  /** A created link's or form's address (`a.href`, `form.action`), followed when code clicks or submits it. */
  href?: { url: string; dec: string[] };
  /** A created `<meta>`: whether its http-equiv is refresh, and its content. */
  refresh?: boolean;
  content?: { s: string; dec: string[] };
};

/**
 * What the reader knows of a value. `dec` lists how a string was hidden (fromCharCode, atob,
 * unescape, hex or unicode escapes, concatenation, packer, eval); a `ref` is a path to a browser
 * object (`document.write`, `location.href`) reached however it was spelled.
 */
export type Val =
  | { t: 'str'; s: string; dec: string[] }
  | { t: 'num'; n: number }
  | { t: 'arr'; items: Val[] }
  | { t: 'ref'; path: string; dec: string[]; el?: ElementRec }
  | { t: 'el'; el: ElementRec }
  | { t: 'fn'; node: Node }
  // JSFuck's building blocks: `![]` is false, `[][[]]` undefined, `{}` an object, `[].filter` a
  // native function; each has a string form (`![]+[]` is "false") that letters are taken from.
  | { t: 'bool'; b: boolean }
  | { t: 'undef' }
  // An object literal's own properties, as far as the code sets them with known names and values
  // (aaencode and jjencode keep their alphabet in one); `open` once one is set by an unknown name.
  | { t: 'obj'; props?: Map<string, Val>; open?: boolean }
  | { t: 'native'; name: string }
  | null;

export function str(s: string, dec: string[] = []): Val {
  const value = s.slice(0, MAX_STRING);
  if (active) {
    active.chars = (active.chars ?? MAX_BUILT) - value.length;
    if (active.chars < 0) {
      active.cut = true;
      throw new BudgetSpent();
    }
  }
  return { t: 'str', s: value, dec };
}
export const num = (n: number): Val => ({ t: 'num', n });
export const bool = (b: boolean): Val => ({ t: 'bool', b });
export const ref = (path: string, dec: string[] = []): Val => ({ t: 'ref', path, dec });

export const union = (...lists: string[][]) => [...new Set(lists.flat())];

/** Array items flattened into text at most (arrays of arrays of themselves grow exponentially). */
const MAX_FLAT = 20_000;

/** A value as text: numbers print as JavaScript would, anything unknown as the marker. */
export function text(v: Val, room = { left: MAX_FLAT }): { s: string; dec: string[] } {
  if (v?.t === 'str') return { s: v.s, dec: v.dec };
  if (v?.t === 'num') return { s: String(v.n), dec: [] };
  if (v?.t === 'bool') return { s: String(v.b), dec: [] };
  if (v?.t === 'undef') return { s: 'undefined', dec: [] };
  if (v?.t === 'obj') return { s: '[object Object]', dec: [] };
  if (v?.t === 'native') return { s: `function ${v.name}() { [native code] }`, dec: [] };
  if (v?.t === 'arr' && room.left >= v.items.length) {
    room.left -= v.items.length;
    // `[undefined]+''` is '': join writes nothing for undefined.
    const parts = v.items.map((item) => (item?.t === 'undef' ? { s: '', dec: [] } : text(item, room)));
    const s = parts.map((p) => p.s).join(',');
    return s.length <= MAX_STRING ? { s, dec: union(...parts.map((p) => p.dec)) } : { s: UNKNOWN, dec: [] };
  }
  return { s: UNKNOWN, dec: v?.t === 'ref' && v.dec.includes(FETCHED) ? [FETCHED] : [] };
}

export const known = (v: Val): v is { t: 'str'; s: string; dec: string[] } =>
  v?.t === 'str' && !v.s.includes(UNKNOWN);

export const WINDOW_NAMES = new Set(['window', 'self', 'top', 'parent', 'globalThis', 'frames']);

/** `window.document` → `document`, `document.location.href` → `location.href`: one name per sink. */
export function memberPath(path: string, name: string): string {
  if (path === 'window') return WINDOW_NAMES.has(name) ? 'window' : name;
  if (path === 'document' && name === 'location') return 'location';
  return `${path}.${name}`.slice(0, 120);
}

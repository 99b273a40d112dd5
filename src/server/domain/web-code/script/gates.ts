import 'server-only';
import type { Node } from 'acorn';

/** Properties whose test means "only some visitors": the user agent, the referrer, the platform. */
const SOURCES: Record<string, string> = {
  userAgent: 'userAgent',
  appVersion: 'userAgent',
  vendor: 'userAgent',
  platform: 'platform',
  referrer: 'referrer',
  cookie: 'cookie',
  getHours: 'time',
  getUTCHours: 'time',
  getMinutes: 'time',
  getUTCMinutes: 'time',
  getDay: 'time',
  getUTCDay: 'time',
  // Phones told apart without the user agent: client hints, touch, the screen, media queries.
  userAgentData: 'userAgent',
  maxTouchPoints: 'device',
  matchMedia: 'device',
  // Only visitors from one region: the browser's language and time zone.
  language: 'region',
  languages: 'region',
  userLanguage: 'region',
  browserLanguage: 'region',
  timeZone: 'region',
  getTimezoneOffset: 'region',
};

/** `screen.width`: the size of the visitor's screen (an element's width is no visitor test). */
const SCREEN = new Set(['width', 'height', 'availWidth', 'availHeight']);

/** `localStorage.getItem('_fv')`: first visits only, as a cookie test does. */
const STORAGE = new Set(['localStorage', 'sessionStorage']);

/** The kind of visitor test reading a browser object's property is (`navigator.userAgent`). */
export function gateOfPath(path: string): string | null {
  const name = path.slice(path.lastIndexOf('.') + 1);
  return Object.hasOwn(SOURCES, name) ? SOURCES[name]! : null;
}
const LIMIT = 4_000;

/**
 * The visitor tests an expression makes (reading `navigator.userAgent`, `document.referrer`…,
 * directly or through a variable or function known to read them).
 */
export function gateKinds(
  node: Node | null | undefined,
  tainted: Map<string, string[]>,
  /** The string a variable holds, for `d[k]` with `k = 'refe' + 'rrer'` (the reader's knowledge). */
  resolve?: (name: string) => string | null,
): string[] {
  const found = new Set<string>();
  let seen = 0;
  const visit = (n: unknown) => {
    if (!n || typeof n !== 'object' || seen++ > LIMIT) return;
    if (Array.isArray(n)) {
      for (const item of n) visit(item);
      return;
    }
    const node = n as Node & Record<string, unknown>;
    if (typeof node.type !== 'string') return;
    if (node.type === 'Identifier') {
      for (const k of tainted.get(node.name as string) ?? []) found.add(k);
      if (/^(?:is)?(?:spider|mobile|bot|ua)$/i.test(node.name as string)) found.add('userAgent');
    }
    if (node.type === 'MemberExpression') {
      const prop = node.property as { type: string; name?: string; value?: unknown };
      const name =
        prop.type === 'Identifier' && !node.computed
          ? prop.name
          : prop.type === 'Identifier' && resolve
            ? (resolve(prop.name as string) ?? undefined)
            : (prop.value as string | undefined);
      if (typeof name === 'string' && Object.hasOwn(SOURCES, name)) found.add(SOURCES[name]!);
      // `Date.now()`: the time.
      const obj = node.object as { type: string; name?: string };
      if (name === 'now' && obj.type === 'Identifier' && obj.name === 'Date') found.add('time');
      const store =
        obj.type === 'Identifier'
          ? obj.name
          : obj.type === 'MemberExpression'
            ? (obj as unknown as { property: { name?: string } }).property.name
            : undefined;
      if (name === 'getItem' && STORAGE.has(store ?? '')) found.add('storage');
      if (SCREEN.has(name ?? '') && store === 'screen') found.add('device');
    }
    // `'ontouchstart' in window`: a touch screen.
    if (node.type === 'BinaryExpression' && node.operator === 'in') {
      const left = node.left as { type: string; value?: unknown };
      if (left.type === 'Literal' && /^ontouch/i.test(String(left.value))) found.add('device');
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'type' && key !== 'start' && key !== 'end') visit(value);
    }
  };
  visit(node);
  return [...found];
}

const GATE_WORDS =
  /userAgent|appVersion|vendor|platform|referrer|cookie|get(?:UTC)?(?:Hours|Minutes|Day)|Date\.now|localStorage|sessionStorage|spider|mobile|screen|ontouch|maxTouchPoints|matchMedia|language|timeZone|getTimezoneOffset/gi;

/**
 * Whether a stretch of `source` mentions a visitor test: the words are found once, each question
 * is then a binary search (functions nest, so scanning each one's text would be quadratic).
 */
export function gateWordsIn(source: string): (start: number, end: number) => boolean {
  const at = [...source.matchAll(GATE_WORDS)].map((m) => m.index);
  return (start, end) => {
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    return lo < at.length && at[lo]! < end;
  };
}

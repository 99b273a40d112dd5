import { randomUUID } from 'node:crypto';
import { accountInitial } from '../../contract/account-label';
import type { UserInfo } from '../../contract/user';

/**
 * A logged-in visitor's public page is the page every such visitor gets with their own account in
 * the header (issue 18). The server renders it once per URL, language and account shape with
 * placeholders for the account's values (a shell), keeps it with the anonymous pages, and fills in
 * each visitor's values (src/entry/page-cache/shells.ts). This module is shared by that server and
 * the layout, which are separate module graphs in one process: what they share lives on globalThis.
 */

/** The request header that asks the layout for a shell: `<secret> <shape>`. */
export const SHELL_TEMPLATE_HEADER = 'x-shell-template';

type LookUp = (token: string) => Promise<UserInfo | null>;
const holder = globalThis as unknown as { __portalShell?: { secret: string; lookUp?: LookUp } };
const shared = () => {
  holder.__portalShell ??= { secret: randomUUID() };
  return holder.__portalShell;
};

/** Known only inside this process: nobody else can ask for a shell. */
export const shellSecret = () => shared().secret;

/** Installed by the Next side (instrumentation), which owns the session lookup. */
export function provideShellUser(lookUp: LookUp) {
  shared().lookUp = lookUp;
}

/** Who holds a session token; undefined when no lookup is installed (not our server). */
export function lookUpShellUser(token: string): Promise<UserInfo | null> | undefined {
  return shared().lookUp?.(token);
}

// Private-use characters: React's and Flight's escaping leave them alone, and no value of ours has them.
const OPEN = '\uE000';
const CLOSE = '\uE001';
/** Stands for the avatar letter, and starts the placeholder of the field the header shows. */
const INITIAL = '\uE002';
const NUMBER_BASE = 9_007_199_254_740_000;
/** Any placeholder character left after filling means a value the fill did not know. */
export const PLACEHOLDER_CHARS = /[\uE000-\uE002]/;

type Kind = 's' | 'e' | 'n' | 't' | 'f' | 'z' | 'u';
const kindOf = (value: unknown): Kind | null =>
  typeof value === 'string'
    ? value
      ? 's'
      : 'e'
    : typeof value === 'number'
      ? 'n'
      : value === true
        ? 't'
        : value === false
          ? 'f'
          : value === null
            ? 'z'
            : value === undefined
              ? 'u'
              : null;

/**
 * What the page's markup can depend on besides the values themselves: the fields in order, and for
 * each whether it is a non-empty string, an empty one, a number, true, false, null or absent.
 * Visitors of one shape share a shell.
 */
export function shellShape(user: UserInfo): string | null {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(user)) {
    const kind = kindOf(value);
    if (!kind || !/^[a-z_]+$/.test(key)) return null;
    parts.push(`${key}:${kind}`);
  }
  return parts.join(',');
}

const slot = (key: string, shown: boolean) => `${shown ? INITIAL : ''}${OPEN}${key}${CLOSE}`;
const shownKey = (user: { name: string }) => (user.name ? 'name' : 'email');

/** The account the layout renders a shell for, from a shape; null if the shape is not one of ours. */
export function shellUser(shape: string): UserInfo | null {
  const user: Record<string, unknown> = {};
  const fields = shape.split(',').map((part) => part.split(':'));
  const named = fields.some(([key, kind]) => key === 'name' && kind === 's');
  let index = 0;
  for (const [key, kind] of fields) {
    if (!key || !/^[a-z_]+$/.test(key)) return null;
    const shown = key === (named ? 'name' : 'email');
    const value = {
      s: slot(key, shown),
      e: '',
      n: NUMBER_BASE + index++,
      t: true,
      f: false,
      z: null,
      u: undefined,
    }[kind as Kind];
    if (value === undefined && kind !== 'u') return null;
    user[key] = value;
  }
  return user as UserInfo;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
/** As React escapes text and attribute values. */
const html = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const SCRIPT_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '<': '\\u003c',
  '>': '\\u003e',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
/**
 * As a string value reaches the page inside Next's inline Flight data: Flight's own `$` escape,
 * JSON in the Flight row, the row JSON again as a script string, then Next's HTML-safe escapes.
 */
const flight = (value: string) =>
  JSON.stringify(JSON.stringify(value.startsWith('$') ? `$${value}` : value).slice(1, -1))
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);

const FLIGHT_SCRIPT = /<script>self\.__next_f\.push\(\[1,"(?:[^"\\]|\\.)*"\]\)<\/script>/g;

/**
 * A shell with this visitor's values filled in, each escaped for where it stands (markup or Flight
 * data); null when the body is not a shell of this shape or anything is left unfilled, so the
 * caller renders the page instead of serving something half-filled.
 */
export function fillShell(body: string, user: UserInfo): string | null {
  const shape = shellShape(user);
  const template = shape ? shellUser(shape) : null;
  if (!template) return null;
  const values = new Map<string, string>();
  for (const [key, value] of Object.entries(template)) {
    const real = (user as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) values.set(value, String(real));
    if (typeof value === 'number') values.set(String(value), String(real));
  }
  values.set(INITIAL, accountInitial(user));
  const tokens = [...values.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(tokens.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const shownSlot = slot(shownKey(user), true);
  let inFlight = false;
  const fill = (text: string, escapeFor: (v: string) => string) =>
    text.replace(pattern, (token) => escapeFor(values.get(token)!));
  let out = '';
  let last = 0;
  for (const match of body.matchAll(FLIGHT_SCRIPT)) {
    out += fill(body.slice(last, match.index), html);
    if (match[0].includes(shownSlot)) inFlight = true;
    out += fill(match[0], flight);
    last = match.index + match[0].length;
  }
  out += fill(body.slice(last), html);
  // A shell hands the account to the page's scripts; without it this is some other page.
  if (!inFlight || PLACEHOLDER_CHARS.test(out)) return null;
  for (const value of Object.values(template))
    if (typeof value === 'number' && out.includes(String(value))) return null;
  return out;
}

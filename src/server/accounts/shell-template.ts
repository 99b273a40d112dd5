import { randomUUID } from 'node:crypto';
import { accountInitial } from '../../contract/account-label';
import type { UserInfo } from '../../contract/user';

/**
 * A logged-in visitor's public page is the page every such visitor gets with their own account in
 * the header, served as fast as an anonymous page. The server renders it once per URL, language and account shape with
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
/** A placeholder character outside a known placeholder: a value the shape does not know. */
const PLACEHOLDER_CHARS = /[\uE000-\uE002]/;

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

/** The account the layout renders a shell for, from a shape; null if the shape is not one of ours. */
export function placeholderUser(shape: string): UserInfo | null {
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

/** A shell cut at its placeholders once, so each visitor's page is a copy of its parts and their values. */
export type CompiledShell = {
  /** The shell without its placeholders; `parts` are views into it. */
  body: Buffer;
  parts: Buffer[];
  /** Between each two parts: the field it holds (INITIAL: the avatar letter) and where it stands. */
  holes: { field: string; inFlight: boolean }[];
};

/** Each placeholder of a shape and the field it stands for (INITIAL: the avatar letter). */
function tokensOf(shape: string): Map<string, string> | null {
  const template = placeholderUser(shape);
  if (!template) return null;
  const tokens = new Map<string, string>([[INITIAL, INITIAL]]);
  for (const [key, value] of Object.entries(template)) {
    if (typeof value === 'string' && value) tokens.set(value, key);
    if (typeof value === 'number') tokens.set(String(value), key);
  }
  return tokens;
}

/**
 * Cuts a page rendered for `shape` at its placeholders; null when it is not such a shell (no account
 * handed to the page's scripts: an anonymous page, another shape) or a placeholder is left that the
 * shape does not know, so the caller renders the page instead of serving something half-filled.
 */
export function compileShell(body: string, shape: string): CompiledShell | null {
  const tokens = tokensOf(shape);
  if (!tokens) return null;
  const pattern = new RegExp(
    [...tokens.keys()]
      .sort((a, b) => b.length - a.length)
      .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  );
  // The placeholder of the field the header shows, handed to the page's scripts in every shell.
  const shownSlot = [...tokens.keys()].find((t) => t.length > 1 && t.startsWith(INITIAL))!;
  const parts: Buffer[] = [];
  const holes: CompiledShell['holes'] = [];
  let text = '';
  let handedOver = false;
  let leftover = false;
  const cut = (segment: string, inFlight: boolean) => {
    let last = 0;
    for (const match of segment.matchAll(pattern)) {
      text += segment.slice(last, match.index);
      parts.push(Buffer.from(text, 'utf8'));
      text = '';
      holes.push({ field: tokens.get(match[0])!, inFlight });
      last = match.index + match[0].length;
    }
    const rest = segment.slice(last);
    if (PLACEHOLDER_CHARS.test(rest)) leftover = true;
    text += rest;
  };
  let last = 0;
  for (const match of body.matchAll(FLIGHT_SCRIPT)) {
    cut(body.slice(last, match.index), false);
    if (match[0].includes(shownSlot)) handedOver = true;
    cut(match[0], true);
    last = match.index + match[0].length;
  }
  cut(body.slice(last), false);
  parts.push(Buffer.from(text, 'utf8'));
  if (!handedOver || leftover) return null;
  const joined = Buffer.concat(parts);
  let offset = 0;
  const views = parts.map((part) => {
    const view = joined.subarray(offset, offset + part.length);
    offset += part.length;
    return view;
  });
  return { body: joined, parts: views, holes };
}

/** The shell with this visitor's values, each escaped for where it stands (markup or Flight data). */
export function fillShell(shell: CompiledShell, user: UserInfo): Buffer {
  const out: Buffer[] = [shell.parts[0]!];
  shell.holes.forEach(({ field, inFlight }, i) => {
    const value = field === INITIAL ? accountInitial(user) : String((user as Record<string, unknown>)[field]);
    out.push(Buffer.from(inFlight ? flight(value) : html(value), 'utf8'), shell.parts[i + 1]!);
  });
  return Buffer.concat(out);
}

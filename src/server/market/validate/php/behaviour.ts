import 'server-only';
import { REMOTE } from './catalog';
import {
  ACCOUNT_TABLES,
  ADMIN_SESSION_KEYS,
  CARRY,
  CMS_CODE,
  CMS_CODE_CONSTANTS,
  CONFIG_READERS,
  DESTROY,
  FILE_WRITES,
  PASSWORD_FIELDS,
  QUERY_CHAIN,
  QUERY_INSERT,
  QUERY_READ,
  QUERY_UPDATE,
  SECRET_CONFIG,
  SECRET_FILES,
  SEND_METHODS,
  SEND_OUT,
  TABLE_BUILDERS,
  TABLE_PREFIXES,
} from './cms-catalog';
import type { Ctx } from './context';
import { type SqlFinding, sqlFindings } from './sql';
import { end, start, type Val } from './values';

/**
 * Backdoors that never run code, found by what the code does to the CMS (cms-catalog.ts): a second
 * administrator written into its tables, its admin session set outside its login, its secrets read
 * and sent off the server, its own code or tables destroyed. The PHP reader calls these hooks as it
 * meets calls, array reads, includes and session writes, with the values it worked out; a value
 * carrying a secret or naming a CMS table is marked, and the marks travel with it (values.ts).
 */
export type Watch = {
  /** A call by name (`fn`), `Class::method` or `->method` (on `recv`), after the reader's answer `out`. */
  call(cx: Ctx, name: string, args: Val[], line: number, out: Val, recv?: Val): Val;
  /** `base[key]` read, answering `out`. */
  index(cx: Ctx, base: Val, key: Val, out: Val): Val;
  /** `include`/`require` of `path`. */
  include(cx: Ctx, path: Val, line: number): Val | undefined;
  /** A session key written. */
  session(cx: Ctx, key: Val | undefined, v: Val, line: number): void;
};

/** Characters of strings one file's reading may have read as SQL. */
const SQL_CHARS = 16_000_000;

/** A statement that may add, change or remove rows or tables. */
const STATEMENT = /\b(?:insert|replace|update|drop|truncate|delete)\b/i;

const lower = (s: string) => s.toLowerCase();
const bare = (name: string) => lower(name[0] === '\\' ? name.replace(/^\\+/, '') : name);
/** Methods of the framework's request object that read one field. */
const REQUEST_READS = new Set(['post', 'param', 'get', 'request', 'only']);
/** Functions that list a folder. */
const LISTS = new Set(['glob', 'scandir', 'opendir']);
/** Configuration files read as text. */
const READS = new Set(['file_get_contents', 'file', 'parse_ini_file']);
/** Every function name the rules below look at: any other call is passed by at once. */
const KNOWN = new Set([
  ...TABLE_BUILDERS.short,
  ...TABLE_BUILDERS.full,
  ...CARRY,
  ...CONFIG_READERS,
  'input',
  ...READS,
  ...SEND_OUT.keys(),
  ...FILE_WRITES.keys(),
  'error_log',
  ...DESTROY,
  ...LISTS,
]);

/** The text known of a value, with an unknown middle as NUL (`'INSERT INTO ' . $p . 'admin …'`). */
export function knownText(v: Val | undefined): string {
  if (!v) return '';
  if (v.s !== undefined) return v.s;
  const head = start(v);
  const tail = end(v) ?? '';
  return head || tail ? `${head}\0${tail}` : '';
}

/** A table name as the code gives it: without the CMS's prefix, or undefined when it has another. */
function shortTable(name: string, full: boolean): string | undefined {
  const n = lower(name.replace(/[`"'\s]/g, ''));
  if (!full) return n;
  for (const p of TABLE_PREFIXES) if (n.startsWith(lower(p))) return n.slice(p.length);
  return undefined;
}

/** Whether a value (or anything in it, an array's items) carries a CMS secret: its label. */
function secretIn(v: Val | undefined, depth = 0): string | undefined {
  if (!v || depth > 4) return undefined;
  if (v.secret) return v.secret;
  for (const i of v.items ?? []) {
    const s = secretIn(i.v, depth + 1);
    if (s) return s;
  }
  return undefined;
}

/** A path into the CMS's own code. */
function cmsCode(v: Val | undefined): string | undefined {
  if (!v) return undefined;
  if (v.cmsCode) return v.cmsCode;
  if (v.k && CMS_CODE_CONSTANTS.has(v.k) && v.s === undefined) return v.k;
  const text = v.s ?? end(v) ?? start(v);
  return text && CMS_CODE.test(text) ? text : undefined;
}

/**
 * Whether a configuration path (`['database', 'password']`, `['maccms', 'db']`) is secret, and whether
 * what is under it may still be (a file or section read whole), or it names none of the CMS's settings.
 */
function configPath(parts: string[]): { secret: boolean; deeper: boolean } | undefined {
  const [head, section] = parts.map(lower);
  const last = parts[parts.length - 1] ?? '';
  if (head && SECRET_CONFIG.keys.includes(head))
    return parts.length === 1
      ? { secret: true, deeper: true }
      : { secret: SECRET_CONFIG.leaf.test(last), deeper: false };
  if (!head || !SECRET_CONFIG.whole.includes(head)) return undefined;
  if (section === undefined) return { secret: true, deeper: true };
  if (!SECRET_CONFIG.sections.includes(section)) return undefined;
  return parts.length === 2
    ? { secret: true, deeper: true }
    : { secret: SECRET_CONFIG.leaf.test(last), deeper: true };
}

/** The request field a read names (`post.admin_pwd`, `admin_pwd/s`). */
const field = (s: string) => lower(s.replace(/^[a-z]+\./i, '').replace(/\/\w$/, ''));

/** The watcher for one file: what it marks, and the holds it adds to the reader's findings. */
export function newWatch(): Watch {
  /** Values that are the CMS's settings read whole or by section, with their path: read deeper, they narrow. */
  const paths = new WeakMap<Val, { parts: string[]; label: string }>();
  /** Query builders on a CMS account table, with the table's short name. */
  const tables = new WeakMap<Val, string>();
  /** Builders given a password or group column before the write (`->data([...])`). */
  const columns = new WeakSet<Val>();
  const mark = (out: Val, secret: string): Val => ({ ...out, secret });
  /** `out` read from the settings at `parts`, labelled `label`: marked secret or not, and kept for reading deeper. */
  const setting = (out: Val, parts: string[], label: string): Val => {
    const kind = configPath(parts);
    if (!kind) return out.secret ? { ...out, secret: undefined } : out;
    const v = kind.secret ? mark(out, label) : { ...out, secret: undefined };
    if (kind.deeper) paths.set(v, { parts, label });
    return v;
  };

  const sendOut = (cx: Ctx, fn: string, args: Val[], line: number, at: number[] | 'any') => {
    const picked = at === 'any' ? args : at.map((i) => args[i]);
    for (const a of picked) {
      const s = secretIn(a);
      if (s) return cx.flag('secretOut', line, fn, s);
    }
  };

  // Long strings passed again and again are read as SQL once; past the characters a file may make
  // the scan read this way (a large string passed to many calls), a person reads it.
  const read = new Map<string, SqlFinding[]>();
  let chars = SQL_CHARS;
  const sqlOf = (text: string): SqlFinding[] | undefined => {
    if (text.length <= 256) return STATEMENT.test(text) ? sqlFindings(text) : [];
    let found = read.get(text);
    if (!found) {
      chars -= text.length;
      if (chars < 0) return undefined;
      found = STATEMENT.test(text) ? sqlFindings(text) : [];
      read.set(text, found);
    }
    return found;
  };
  const sql = (cx: Ctx, fn: string, args: Val[], line: number) => {
    for (const a of args) {
      if (a.s === undefined && a.pre === undefined && a.tail === undefined) continue;
      const text = knownText(a);
      if (text.length < 10) continue;
      const found = sqlOf(text);
      if (!found) return cx.flag('notScanned', 0);
      for (const f of found) cx.flag(f.rule, line, fn, f.src);
    }
  };

  /** `->m()` on a query builder of an account table: the chain goes on, a write is held, a read marked. */
  const builderCall = (cx: Ctx, table: string, m: string, args: Val[], line: number, out: Val, recv: Val) => {
    const spec = ACCOUNT_TABLES.get(table);
    if (!spec) return out;
    if (QUERY_CHAIN.has(m)) {
      const next = { ...out };
      tables.set(next, table);
      // `->data(['user_pwd' => …])` before the write: the columns go with the builder.
      if (columns.has(recv) || args.some((a) => touches(a, spec.columns))) columns.add(next);
      return next;
    }
    const full = `${TABLE_PREFIXES[0]}${table}`;
    const changes = spec.anyWrite || columns.has(recv) || args.some((a) => touches(a, spec.columns));
    if (QUERY_INSERT.has(m) || (QUERY_UPDATE.has(m) && changes))
      cx.flag('accountWrite', line, `->${m}`, full);
    return QUERY_READ.has(m) && spec.anyWrite ? mark(out, full) : out;
  };

  /** `$obj->m()`: a builder's chain, the request's password fields, a client sending a secret. */
  const methodCall = (cx: Ctx, name: string, args: Val[], line: number, out: Val, recv: Val): Val => {
    const m = lower(name.slice(2));
    const table = tables.get(recv);
    if (table) return builderCall(cx, table, m, args, line, out, recv);
    const key = args[0]?.s;
    if (recv.req && REQUEST_READS.has(m) && key !== undefined && PASSWORD_FIELDS.includes(field(key)))
      return mark(out, `${name}('${key}')`);
    // A client's sending method; the code's own class's methods are read as code.
    if (!recv.req && SEND_METHODS.has(m) && !cx.summaries.has(m) && !cx.summaries.has(`${recv.cls}::${m}`))
      sendOut(cx, name, args, line, 'any');
    return out;
  };

  /** A function or static method by name (lower case, no leading `\`). */
  const functionCall = (cx: Ctx, name: string, n: string, args: Val[], line: number, out: Val): Val => {
    if (!KNOWN.has(n)) return out;
    const [a0, a1] = args;
    let v = out;
    const short = TABLE_BUILDERS.short.includes(n);
    if ((short || TABLE_BUILDERS.full.includes(n)) && a0?.s !== undefined) {
      const t = shortTable(a0.s, !short);
      if (t && ACCOUNT_TABLES.has(t)) {
        v = { ...out };
        tables.set(v, t);
      }
      return v;
    }
    // Encoded, joined or packed, a secret is still the secret.
    if (CARRY.has(n)) {
      const s = args.map((a) => secretIn(a)).find(Boolean);
      return s && !v.secret ? mark(v, s) : v;
    }
    // Configuration read by key; the request's password fields; configuration files read as text.
    if (CONFIG_READERS.includes(n) && a0?.s !== undefined && args.length === 1)
      return setting(v, a0.s.replace(/^\?/, '').split('.'), `${name}('${a0.s}')`);
    if (n === 'input' && a0?.s !== undefined && PASSWORD_FIELDS.includes(field(a0.s)))
      return mark(v, `${name}('${a0.s}')`);
    if (
      (n === 'file_get_contents' || n === 'file' || n === 'parse_ini_file') &&
      SECRET_FILES.test(end(a0) ?? '')
    )
      v = mark(v, end(a0) ?? n);
    // Sent out: off the server, or into a file.
    const at = SEND_OUT.get(n);
    if (at && (n !== 'file_get_contents' && n !== 'fopen' ? true : REMOTE.test(start(a0))))
      sendOut(cx, name, args, line, at);
    const data = FILE_WRITES.get(n);
    if (data !== undefined) {
      const target = n === 'file_put_contents' ? a0 : a0?.file;
      if (a0?.sock) sendOut(cx, name, args, line, [data]);
      // The CMS's settings written back to their own file are kept, not sent.
      else if (!target?.tmp && !SECRET_FILES.test(end(target) ?? '')) sendOut(cx, name, args, line, [data]);
    }
    if (n === 'error_log' && a1?.s === '3') sendOut(cx, name, args, line, [0]);
    // The CMS's own code deleted, moved away or emptied.
    if (DESTROY.has(n)) {
      const path = cmsCode(a0);
      const empties = n !== 'file_put_contents' || a1 === undefined || a1.s === '';
      if (path && empties) cx.flag('cmsDestroy', line, name, path);
    }
    // A folder of the CMS's code listed: what the listing gives is its code.
    if (LISTS.has(n)) {
      const path = cmsCode(a0);
      if (path) v = { ...v, cmsCode: path };
    }
    return v;
  };

  const session = (cx: Ctx, key: Val | undefined, v: Val, line: number) => {
    // `session('admin_auth', null)` is the CMS's own logout (null and false read as '').
    const cleared = v.s === '';
    if (key?.s !== undefined && ADMIN_SESSION_KEYS.includes(key.s) && !cleared)
      cx.flag('adminSession', line, 'session', key.s);
  };

  return {
    session,
    call(cx, name, args, line, out, recv) {
      sql(cx, name, args, line);
      if (recv) return methodCall(cx, name, args, line, out, recv);
      return functionCall(cx, name, bare(name), args, line, out);
    },
    index(_cx, base, key, out) {
      const k = key.s;
      if (k === undefined) return out;
      if (base.sg === 'GLOBALS' && k === SECRET_CONFIG.global)
        return setting(out, [SECRET_CONFIG.whole[0] ?? ''], `$GLOBALS['${k}']`);
      const path = paths.get(base);
      if (path) return setting(out, [...path.parts, k], `${path.label}['${k}']`);
      if (
        (base.sg === '_POST' || base.sg === '_REQUEST' || base.sg === '_GET') &&
        PASSWORD_FIELDS.includes(lower(k))
      )
        return mark(out, `$${base.sg}['${k}']`);
      return out;
    },
    include(_cx, path) {
      const p = end(path);
      return p && SECRET_FILES.test(p) ? { taint: 0, secret: p } : undefined;
    },
  };
}

/** Whether an array of column values names one of `columns`. */
function touches(v: Val | undefined, columns: string[]): boolean {
  return columns.length > 0 && (v?.items ?? []).some((i) => columns.includes(lower(i.k)));
}

import 'server-only';
import type { AnyNode, Program } from 'acorn';
import { type Edited, rewrite, walkNodes } from './code-edits';

/**
 * javascript-obfuscator's string array, read back without running it. The obfuscator moves every
 * string of a program into one array (a function returning it), rotates the array at run time until a
 * checksum of `parseInt`s over its decoded items matches, and reads it through a decoder (an index
 * shift, then plain, base64 or RC4 with a key per call) reached by aliases and wrapper functions that
 * shift the index again. Every such call is replaced by the string it returns, so the rest of the
 * reader sees the program's strings as literals. The rotation is found by evaluating the checksum, which
 * also proves the decoding right: no rotation matching means nothing is replaced.
 */

type Node = AnyNode & { [key: string]: unknown };
type Fetcher = (args: Arg[]) => string | undefined;
type Arg = number | string | undefined;

/** Items of an array this long at most (a rotation is tried per item, each one decoding a dozen). */
const MAX_ITEMS = 5_000;

const isName = (n: unknown): n is { type: 'Identifier'; name: string } =>
  (n as Node | null)?.type === 'Identifier';

/** The strings of an array literal made of string literals only, or null. */
function stringItems(n: unknown): string[] | null {
  const node = n as Node | null;
  if (node?.type !== 'ArrayExpression') return null;
  const items = node.elements as Node[];
  if (items.length < 2 || items.length > MAX_ITEMS) return null;
  const out: string[] = [];
  for (const e of items) {
    if (e?.type !== 'Literal' || typeof e.value !== 'string') return null;
    out.push(e.value);
  }
  return out;
}

/** javascript-obfuscator's base64: the standard one with letter case swapped, over UTF-8. */
function base64(s: string): string | undefined {
  const swapped = s.replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
  if (!/^[A-Za-z0-9+/]*=*$/.test(swapped)) return undefined;
  const bytes = Buffer.from(swapped, 'base64');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function rc4(s: string, key: string): string | undefined {
  const data = base64(s);
  if (data === undefined || key.length === 0) return undefined;
  const box = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + box[i]! + key.charCodeAt(i % key.length)) % 256;
    [box[i], box[j]] = [box[j]!, box[i]!];
  }
  let out = '';
  let i = 0;
  j = 0;
  for (let y = 0; y < data.length; y++) {
    i = (i + 1) % 256;
    j = (j + box[i]!) % 256;
    [box[i], box[j]] = [box[j]!, box[i]!];
    out += String.fromCharCode(data.charCodeAt(y) ^ box[(box[i]! + box[j]!) % 256]!);
  }
  return out;
}

const BASE64_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/=';

/** JavaScript's parseInt of a string, as the checksum uses it. */
function parseIntJs(s: Arg): number {
  const m = /^\s*([+-]?\d+)/.exec(String(s));
  return m ? Number(m[1]) : Number.NaN;
}

type Found = {
  /** Name of the function or variable holding the array, and its items. */
  arrays: Map<string, string[]>;
  /** Decoders: the array they read, the index shift, how items are encoded. */
  decoders: Map<string, { array: string; shift: number; encoding: 'plain' | 'base64' | 'rc4' }>;
  /** Functions whose body is `return fetcher(args of its parameters)`. */
  wrappers: Map<string, { params: string[]; callee: string; args: Node[] }>;
  /** `var b = a`: another name of a fetcher. */
  aliases: Map<string, string>;
  /** Object literals of constants (javascript-obfuscator passes call arguments through them). */
  objects: Map<string, Map<string, Arg>>;
  /** `(function (array, target) {…checksum…})(arrayFn, target)`. */
  rotations: { array: string; target: number; checksum: Node }[];
  calls: Node[];
  ambiguous: Set<string>;
};

function find(tree: Program, source: string): Found | null {
  const f: Found = {
    arrays: new Map(),
    decoders: new Map(),
    wrappers: new Map(),
    aliases: new Map(),
    objects: new Map(),
    rotations: [],
    calls: [],
    ambiguous: new Set(),
  };
  const functions: { name: string; node: Node }[] = [];
  const define = <T>(map: Map<string, T>, name: string, value: T) => {
    if (map.has(name)) f.ambiguous.add(name);
    map.set(name, value);
  };
  const complete = walkNodes(tree, (node) => {
    if (node.type === 'FunctionDeclaration' && isName(node.id)) functions.push({ name: node.id.name, node });
    else if (node.type === 'VariableDeclarator' && isName(node.id)) {
      const init = node.init as Node | null;
      if (isName(init)) define(f.aliases, node.id.name, init.name);
      else if (init?.type === 'FunctionExpression') functions.push({ name: node.id.name, node: init });
      else if (stringItems(init)) define(f.arrays, node.id.name, stringItems(init)!);
      else if (init?.type === 'ObjectExpression') {
        const values = new Map<string, Arg>();
        for (const p of init.properties as Node[]) {
          const key = p.key as Node;
          const name =
            isName(key) && !p.computed ? key.name : key?.type === 'Literal' ? String(key.value) : null;
          const value = p.value as Node;
          if (name !== null && value?.type === 'Literal' && typeof value.value !== 'object')
            values.set(name, value.value as Arg);
        }
        if (values.size > 0) define(f.objects, node.id.name, values);
      }
    } else if (node.type === 'CallExpression') {
      f.calls.push(node);
      const callee = node.callee as Node;
      const args = node.arguments as Node[];
      if (
        callee.type === 'FunctionExpression' &&
        args.length === 2 &&
        isName(args[0]) &&
        typeof constant(args[1], new Map(), f) === 'number'
      ) {
        let checksum: Node | null = null;
        walkNodes(callee.body as Node, (n) => {
          if (
            !checksum &&
            n.type === 'VariableDeclarator' &&
            n.init &&
            source.slice((n.init as Node).start, (n.init as Node).end).includes('parseInt')
          )
            checksum = n.init as Node;
        });
        if (checksum)
          f.rotations.push({
            array: args[0].name,
            target: constant(args[1], new Map(), f) as number,
            checksum,
          });
      }
    }
  });
  if (!complete) return null;
  for (const { name, node } of functions) {
    const body = (node.body as Node).body as Node[];
    const params = (node.params as Node[]).map((p) => (isName(p) ? p.name : ''));
    // The array: `function a() { var x = ['…', …]; a = function () { return x; }; return a(); }`.
    for (const s of body) {
      if (s.type !== 'VariableDeclaration') continue;
      for (const d of s.declarations as Node[]) {
        const items = stringItems(d.init);
        if (items) define(f.arrays, name, items);
      }
    }
    // A wrapper: `function w(a, b, c) { return d(b - 0x1f, c); }`.
    const only = body.length === 1 ? body[0] : null;
    if (only?.type === 'ReturnStatement' && (only.argument as Node)?.type === 'CallExpression') {
      const call = only.argument as Node;
      if (isName(call.callee))
        define(f.wrappers, name, { params, callee: call.callee.name, args: call.arguments as Node[] });
    }
  }
  // Decoders: functions that call an array function and shift their first parameter.
  for (const { name, node } of functions) {
    if (f.arrays.has(name)) continue;
    const text = source.slice(node.start, node.end);
    let array: string | null = null;
    let shift: number | null = null;
    walkNodes(node.body as Node, (n) => {
      if (!array && n.type === 'CallExpression' && isName(n.callee) && f.arrays.has(n.callee.name))
        array = n.callee.name;
      if (shift === null && n.type === 'AssignmentExpression' && n.operator === '=' && isName(n.left)) {
        const right = n.right as Node;
        const by =
          right.type === 'BinaryExpression' ? constant(right.right as Node, new Map(), f) : undefined;
        if (
          right.type === 'BinaryExpression' &&
          isName(right.left) &&
          right.left.name === (n.left as { name: string }).name &&
          typeof by === 'number' &&
          (right.operator === '-' || right.operator === '+')
        )
          shift = right.operator === '-' ? by : -by;
      }
    });
    if (!array) continue;
    // Which of base64 and RC4 (a key per call) is used shows only in their loops: the checksum decides.
    const encoding = text.includes(BASE64_ALPHABET) ? 'base64' : 'plain';
    define(f.decoders, name, { array, shift: shift ?? 0, encoding });
  }
  return f;
}

/** A constant argument: numbers, strings, their sums and differences, an object literal's values. */
function constant(n: Node | undefined, scope: Map<string, Arg>, f: Found): Arg {
  if (!n) return undefined;
  if (n.type === 'Literal')
    return typeof n.value === 'number' || typeof n.value === 'string' ? n.value : undefined;
  if (n.type === 'Identifier') return scope.get(n.name);
  if (n.type === 'UnaryExpression') {
    const v = constant(n.argument as Node, scope, f);
    if (typeof v !== 'number') return undefined;
    return n.operator === '-' ? -v : n.operator === '+' ? v : undefined;
  }
  if (n.type === 'BinaryExpression') {
    const a = constant(n.left as Node, scope, f);
    const b = constant(n.right as Node, scope, f);
    if (typeof a !== 'number' || typeof b !== 'number') return undefined;
    if (n.operator === '+') return a + b;
    if (n.operator === '-') return a - b;
    if (n.operator === '*') return a * b;
    if (n.operator === '/') return a / b;
    return undefined;
  }
  if (n.type === 'MemberExpression' && isName(n.object)) {
    const obj = f.objects.get(n.object.name);
    const prop = n.property as Node;
    const key = !n.computed && isName(prop) ? prop.name : prop.type === 'Literal' ? String(prop.value) : null;
    return obj && key !== null && !f.ambiguous.has(n.object.name) ? obj.get(key) : undefined;
  }
  return undefined;
}

/** Each fetcher by name, reading `items` (the array as rotated). */
function fetchers(
  f: Found,
  items: Map<string, string[]>,
  decoded = new Map<string, string | undefined>(),
): Map<string, Fetcher> {
  const out = new Map<string, Fetcher>();
  for (const [name, d] of f.decoders) {
    if (f.ambiguous.has(name)) continue;
    out.set(name, ([index, key]) => {
      if (typeof index !== 'number') return undefined;
      const item = items.get(d.array)?.[index - d.shift];
      // Decoded once per item and key, whatever the rotation being tried.
      const id = `${d.encoding}\u0000${item}\u0000${key}`;
      if (decoded.has(id)) return decoded.get(id);
      const value =
        item === undefined
          ? undefined
          : d.encoding === 'plain'
            ? item
            : d.encoding === 'base64'
              ? base64(item)
              : typeof key === 'string'
                ? rc4(item, key)
                : undefined;
      decoded.set(id, value);
      return value;
    });
  }
  const resolve = (name: string, depth = 0): Fetcher | undefined => {
    if (depth > 12 || f.ambiguous.has(name)) return undefined;
    const known = out.get(name);
    if (known) return known;
    const alias = f.aliases.get(name);
    if (alias) {
      const target = resolve(alias, depth + 1);
      if (target) out.set(name, target);
      return target;
    }
    const w = f.wrappers.get(name);
    if (!w) return undefined;
    const target = resolve(w.callee, depth + 1);
    if (!target) return undefined;
    const fetcher: Fetcher = (args) => {
      const scope = new Map<string, Arg>(w.params.map((p, i) => [p, args[i]]));
      return target(w.args.map((a) => constant(a, scope, f)));
    };
    out.set(name, fetcher);
    return fetcher;
  };
  for (const name of [...f.aliases.keys(), ...f.wrappers.keys()]) resolve(name);
  return out;
}

/** The checksum's value with `get` resolving the fetchers' calls (NaN where JavaScript would throw). */
function checksum(n: Node, get: Map<string, Fetcher>, f: Found): number {
  if (n.type === 'Literal' && typeof n.value === 'number') return n.value;
  if (n.type === 'UnaryExpression' && n.operator === '-') return -checksum(n.argument as Node, get, f);
  if (n.type === 'BinaryExpression') {
    const a = checksum(n.left as Node, get, f);
    const b = checksum(n.right as Node, get, f);
    if (n.operator === '+') return a + b;
    if (n.operator === '-') return a - b;
    if (n.operator === '*') return a * b;
    if (n.operator === '/') return a / b;
    return Number.NaN;
  }
  if (n.type === 'CallExpression' && isName(n.callee) && n.callee.name === 'parseInt') {
    const arg = (n.arguments as Node[])[0];
    if (arg?.type !== 'CallExpression' || !isName(arg.callee)) return Number.NaN;
    const fetch = get.get(arg.callee.name);
    const value = fetch?.((arg.arguments as Node[]).map((a) => constant(a, new Map(), f)));
    return value === undefined ? Number.NaN : parseIntJs(value);
  }
  return Number.NaN;
}

/** The fetchers with every array turned until its checksum matches, or null if one never does. */
function turned(f: Found): Map<string, Fetcher> | null {
  const items = new Map<string, string[]>();
  for (const [name, list] of f.arrays) items.set(name, list);
  const decoded = new Map<string, string | undefined>();
  let get = fetchers(f, items, decoded);
  for (const r of f.rotations) {
    const list = f.arrays.get(r.array);
    if (!list) continue;
    let matched = false;
    for (let k = 0; k < list.length && !matched; k++) {
      items.set(r.array, [...list.slice(k), ...list.slice(0, k)]);
      get = fetchers(f, items, decoded);
      matched = checksum(r.checksum, get, f) === r.target;
    }
    if (!matched) return null;
  }
  return get;
}

/** Base64 decoders read as RC4 ones instead; false when none is base64. */
function withRc4(f: Found): boolean {
  let any = false;
  for (const d of f.decoders.values())
    if (d.encoding === 'base64') {
      d.encoding = 'rc4';
      any = true;
    }
  return any;
}

/** `code` with every string-array call replaced by its string, or null when it has no string array this reads. */
export function resolveStringArrays(code: string, tree: Program): Edited | null {
  if (!code.includes('parseInt') || !code.includes('push')) return null;
  const f = find(tree, code);
  if (!f || f.decoders.size === 0 || f.rotations.length === 0) return null;
  const get = turned(f) ?? (withRc4(f) && turned(f));
  if (!get) return null;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const call of f.calls) {
    if (!isName(call.callee)) continue;
    const fetch = get.get(call.callee.name);
    const value = fetch?.((call.arguments as Node[]).map((a) => constant(a, new Map(), f)));
    if (value !== undefined) edits.push({ start: call.start, end: call.end, text: JSON.stringify(value) });
  }
  return rewrite(code, edits);
}

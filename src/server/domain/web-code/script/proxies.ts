import 'server-only';
import { type AnyNode, parse } from 'acorn';
import { type Edited, rewrite, walkNodes } from './code-edits';

/**
 * javascript-obfuscator's control-flow flattening moves strings and operators into objects of
 * proxies: `var o = { 'aBcDe': 'https://ww', 'fGhIj': function (a, b) { return a + b; } }`, then
 * `o['fGhIj'](o['aBcDe'], 'w.host.com/')`. Once the string array is read back (string-array.ts)
 * the keys are literals; each use is put back as the string or the operation it stands for, until
 * nothing changes, so the reader folds the address as it would have been written.
 */

type Node = AnyNode & { [key: string]: unknown };
type Proxy = { t: 'str'; s: string } | { t: 'op'; op: string } | { t: 'call'; args: number };

/** Rounds of inlining at most (a proxy's argument is often another proxy's result). */
const MAX_ROUNDS = 6;

const keyOf = (n: Node, computed: boolean): string | null => {
  const key = n as Node & { name?: string; value?: unknown };
  if (!computed && key.type === 'Identifier') return key.name!;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : null;
};

/** A string made of literals and their concatenation, or null. */
function literal(n: Node | null | undefined): string | null {
  if (!n) return null;
  if (n.type === 'Literal') return typeof n.value === 'string' ? n.value : null;
  if (n.type === 'BinaryExpression' && n.operator === '+') {
    const a = literal(n.left as Node);
    const b = literal(n.right as Node);
    return a !== null && b !== null ? a + b : null;
  }
  return null;
}

/** `function (a, b) { return a OP b; }` or `function (f, x, …) { return f(x, …); }`. */
function proxyOf(fn: Node): Proxy | null {
  if (fn.type !== 'FunctionExpression') return null;
  const params = (fn.params as Node[]).map((p) =>
    p.type === 'Identifier' ? (p as { name: string }).name : '',
  );
  const body = (fn.body as Node).body as Node[];
  const ret = body.length === 1 && body[0]!.type === 'ReturnStatement' ? (body[0]!.argument as Node) : null;
  if (!ret) return null;
  const isParam = (n: Node, i: number) =>
    n.type === 'Identifier' && (n as { name: string }).name === params[i];
  if ((ret.type === 'BinaryExpression' || ret.type === 'LogicalExpression') && params.length === 2)
    return isParam(ret.left as Node, 0) && isParam(ret.right as Node, 1)
      ? { t: 'op', op: ret.operator as string }
      : null;
  if (ret.type === 'CallExpression' && isParam(ret.callee as Node, 0)) {
    const args = ret.arguments as Node[];
    return args.every((a, i) => isParam(a, i + 1)) ? { t: 'call', args: args.length } : null;
  }
  return null;
}

function round(code: string): Edited | null {
  let tree: AnyNode;
  try {
    tree = parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true });
  } catch {
    return null;
  }
  const objects = new Map<string, Map<string, Proxy>>();
  const ambiguous = new Set<string>();
  const add = (name: string, key: string, p: Proxy) => {
    const props = objects.get(name) ?? new Map<string, Proxy>();
    if (props.has(key)) ambiguous.add(name);
    props.set(key, p);
    objects.set(name, props);
  };
  const proxy = (value: Node): Proxy | null => {
    const s = literal(value);
    return s !== null ? { t: 'str', s } : proxyOf(value);
  };
  const uses: Node[] = [];
  const targets = new Set<Node>();
  if (
    !walkNodes(tree, (node) => {
      if (
        node.type === 'VariableDeclarator' &&
        node.id.type === 'Identifier' &&
        node.init?.type === 'ObjectExpression'
      ) {
        for (const p of node.init.properties as Node[]) {
          const key = p.type === 'Property' ? keyOf(p.key as Node, Boolean(p.computed)) : null;
          const found = key !== null ? proxy(p.value as Node) : null;
          if (found) add(node.id.name, key!, found);
        }
      } else if (node.type === 'AssignmentExpression') {
        targets.add(node.left as Node);
        const left = node.left as Node;
        if (left.type === 'MemberExpression' && left.object.type === 'Identifier' && node.operator === '=') {
          const key = keyOf(left.property as Node, Boolean(left.computed));
          const found = key !== null ? proxy(node.right as Node) : null;
          if (key !== null && found) add(left.object.name, key, found);
          // Set to anything else as well: not a constant.
          else if (key !== null) add(left.object.name, key, { t: 'op', op: '?' });
        }
      } else if (node.type === 'MemberExpression' || node.type === 'CallExpression') uses.push(node);
    })
  )
    return null;
  const lookup = (m: Node): Proxy | null => {
    if (m.type !== 'MemberExpression' || m.object.type !== 'Identifier' || targets.has(m)) return null;
    if (ambiguous.has(m.object.name)) return null;
    const key = keyOf(m.property as Node, Boolean(m.computed));
    const p = key !== null ? objects.get(m.object.name)?.get(key) : undefined;
    return p && !(p.t === 'op' && p.op === '?') ? p : null;
  };
  const src = (n: Node) => code.slice(n.start, n.end);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const node of uses) {
    if (node.type === 'CallExpression') {
      const p = lookup(node.callee as Node);
      const args = node.arguments as Node[];
      if (p?.t === 'op' && args.length === 2)
        edits.push({ start: node.start, end: node.end, text: `(${src(args[0]!)} ${p.op} ${src(args[1]!)})` });
      else if (p?.t === 'call' && args.length === p.args + 1)
        edits.push({
          start: node.start,
          end: node.end,
          text: `(${src(args[0]!)})(${args.slice(1).map(src).join(', ')})`,
        });
    } else {
      const p = lookup(node);
      if (p?.t === 'str') edits.push({ start: node.start, end: node.end, text: JSON.stringify(p.s) });
    }
  }
  return rewrite(code, edits);
}

/** `code` with its proxies put back, and where each change was; null when it has none. */
export function inlineProxies(code: string): Edited[] | null {
  const rounds: Edited[] = [];
  let current = code;
  for (let i = 0; i < MAX_ROUNDS; i++) {
    const next = round(current);
    if (!next) break;
    rounds.push(next);
    current = next.code;
  }
  return rounds.length ? rounds : null;
}

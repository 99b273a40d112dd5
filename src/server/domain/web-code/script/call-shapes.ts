/**
 * Calls whose shape the reader reads itself (calls.ts): a callback mapped over known items, the
 * packer's call, arguments spread from a known array, `Object.assign` onto an element and `eval`
 * handed over as a value.
 */
import 'server-only';
import type { AnyNode, CallExpression, Expression, NewExpression } from 'acorn';
import { unpack } from './decoders';
import type { ExpressionReader } from './expression-reader';
import { MAX_ITEMS } from './methods';
import { propertyName } from './names';
import { assignSink } from './sinks';
import { known, str, union, type Val } from './values';

/** `[104,116].map(function(c){ return String.fromCharCode(c) })`: the callback's result per item. */
export function mapped(r: ExpressionReader, items: Val[], fn?: AnyNode): Val {
  if (
    !fn ||
    (fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') ||
    items.length > MAX_ITEMS
  ) {
    if (fn) r.value(fn as Expression);
    return null;
  }
  const param = fn.params[0]?.type === 'Identifier' ? fn.params[0].name : null;
  const body =
    fn.body.type === 'BlockStatement'
      ? fn.body.body.find((s) => s.type === 'ReturnStatement')?.argument
      : fn.body;
  if (!param || !body) return null;
  const out = r.bound(param, null, () =>
    items.map((item) => {
      r.env.set(param, item);
      return r.value(body);
    }),
  );
  return { t: 'arr', items: out };
}

/**
 * Dean Edwards' packer: `(function(p,a,c,k,e,d){…})('payload',62,n,'w|o|r|d|s'.split('|'),0,{})`.
 * Recognised by the shape of the call, whatever the function's body says; unpacked as text.
 */
export function unpacked(r: ExpressionReader, node: CallExpression): Val {
  const fn = node.callee as AnyNode;
  if ((fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') || fn.params.length < 4)
    return null;
  if (node.arguments.length < 4) return null;
  const [p, a, c, k] = node.arguments.slice(0, 4).map((x) => r.value(x as Expression));
  if (!known(p ?? null) || a?.t !== 'num' || c?.t !== 'num' || k?.t !== 'arr') return null;
  const words = k.items.map((w) => (w?.t === 'str' ? w.s : ''));
  const code = unpack((p as { s: string }).s, a.n, c.n, words);
  if (code === null) return null;
  r.facts.idioms.push('packer');
  return str(code, union((p as { dec: string[] }).dec, ['packer']));
}

/** Arguments' values, a spread of a known array (`f(...codes)`) standing for its items. */
export function argValues(r: ExpressionReader, nodes: AnyNode[]): Val[] {
  const out: Val[] = [];
  for (const a of nodes) {
    const v = r.value(a as Expression);
    if (a.type === 'SpreadElement' && v?.t === 'arr') out.push(...v.items.slice(0, MAX_ITEMS - out.length));
    else out.push(v);
  }
  return out;
}

/**
 * `Object.assign(document.createElement('script'), { src: '…' })`: each property of the object
 * literal set on the target as an assignment would.
 */
export function assigned(r: ExpressionReader, node: CallExpression | NewExpression): Val {
  const [first, ...rest] = node.arguments as AnyNode[];
  const target = first ? r.value(first as Expression) : null;
  for (const a of rest) {
    if (a.type !== 'ObjectExpression') {
      r.value(a as Expression);
      continue;
    }
    for (const p of a.properties) {
      if (p.type !== 'Property') {
        r.value(p.argument);
        continue;
      }
      const key = propertyName(p);
      const v = r.value(p.value as Expression);
      if (key) assignSink(r, target, { name: key, dec: [] }, v, p);
    }
  }
  return target;
}

/** `eval` named as a value (`.then(eval)`, `window.eval`): a function that runs what it is given. */
export const isEval = (a: AnyNode): boolean =>
  (a.type === 'Identifier' && a.name === 'eval') ||
  (a.type === 'MemberExpression' &&
    !a.computed &&
    a.property.type === 'Identifier' &&
    a.property.name === 'eval');

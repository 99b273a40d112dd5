import 'server-only';
import { assign } from './assign';
import type { Ctx, Ref } from './context';
import { expr, exprFrom, type Item, unary } from './expr';
import type { Part } from './tokens';
import { concat, flow, lit, unknown, type Val } from './values';

/** `[…]`, `array(…)`, `list(…)`; followed by `=`, a destructuring assignment. */
export function arrayLiteral(cx: Ctx, close: string): Item {
  cx.p++;
  const items: { k: string; v: Val }[] = [];
  const refs: Ref[] = [];
  let taint: Val = unknown();
  let auto = 0;
  while (cx.p < cx.toks.length && !cx.eat(close)) {
    const before = cx.p;
    if (cx.eat(',')) continue;
    cx.eat('...');
    let item = element(cx);
    let key: string | undefined;
    if (cx.eat('=>')) {
      key = item.v.s;
      item = element(cx);
    }
    if (item.ref) refs.push(item.ref);
    taint = flow([taint, item.v]);
    if (items.length < 256) items.push({ k: key ?? String(auto++), v: item.v });
    cx.eat(',');
    if (cx.p === before) cx.p++;
  }
  if (cx.is('=') && refs.length) {
    cx.p++;
    const rhs = expr(cx, 4);
    return { v: assign(cx, { k: 'list', refs }, '=', rhs) };
  }
  return { v: { ...taint, items } };
}

function element(cx: Ctx): Item {
  const item = unary(cx);
  if (cx.is(',') || cx.is(']') || cx.is(')') || cx.is('=>')) return item;
  return { v: exprFrom(cx, item.v, 0) };
}

/** An interpolated string: its text, with what flows into it. */
export function parts(cx: Ctx, list: Part[]): Val {
  let out = lit('');
  for (const part of list) {
    if (typeof part === 'string') {
      out = concat(out, lit(part));
      continue;
    }
    const saved = { toks: cx.toks, p: cx.p };
    cx.toks = part;
    cx.p = 0;
    const v = expr(cx, 0);
    Object.assign(cx, saved);
    out = concat(out, v);
  }
  return out;
}

export function number(text: string): string {
  const t = text.toLowerCase();
  if (/^0[0-7]+$/.test(t)) return String(Number.parseInt(t, 8));
  if (t.startsWith('0o')) return String(Number.parseInt(t.slice(2), 8));
  const n = Number(t);
  return Number.isFinite(n) ? String(n) : t;
}

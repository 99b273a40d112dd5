import 'server-only';
import type { Ctx, Ref } from './context';
import { readStore, writeStore } from './stores';
import { concat, flow, lit, merge, tainted, type Val } from './values';

/** Stores what an assignment writes; answers the value of the assignment expression. */
export function assign(cx: Ctx, ref: Ref, op: string, rhs: Val): Val {
  const v = op === '=' ? rhs : combine(op, read(cx, ref), rhs);
  write(cx, ref, v);
  return v;
}

function combine(op: string, old: Val, rhs: Val): Val {
  if (op === '.=') return concat(old, rhs);
  if (op === '??=') return merge(old, rhs);
  return flow([old, rhs]);
}

function read(cx: Ctx, ref: Ref): Val {
  if (ref.k === 'var') return cx.lookup(ref.name);
  if (ref.k === 'prop') return cx.prop(ref.key, ref.cls) ?? { taint: 0 };
  if (ref.k === 'elem' && ref.base.k === 'var' && ref.base.name === '_SESSION')
    return readStore(cx, 'session', ref.key === undefined ? undefined : lit(ref.key));
  if (ref.k === 'elem') {
    const base = read(cx, ref.base);
    return (
      (ref.key !== undefined ? base.items?.findLast((i) => i.k === ref.key)?.v : undefined) ?? flow([base])
    );
  }
  return { taint: 0 };
}

function write(cx: Ctx, ref: Ref, v: Val): void {
  switch (ref.k) {
    case 'var':
      if (ref.name === '_SESSION') writeStore(cx, 'session', undefined, v);
      else cx.set(ref.name, v);
      return;
    case 'prop':
      cx.keepMember(ref.key, v, ref.cls);
      return;
    case 'elem': {
      if (ref.base.k === 'var' && ref.base.name === '_SESSION') {
        writeStore(cx, 'session', ref.key === undefined ? undefined : lit(ref.key), v);
        return;
      }
      // `$GLOBALS['x'] = …` is `$x`; `$GLOBALS[$k] = $v` over request data registers its variables.
      if (ref.base.k === 'var' && ref.base.name === 'GLOBALS') {
        if (ref.key !== undefined && !cx.fn) cx.set(ref.key, v);
        else if (ref.key !== undefined) cx.globals.set(ref.key, merge(cx.globals.get(ref.key) ?? v, v));
        else if (tainted(v)) cx.extracted = true;
        return;
      }
      const base = read(cx, ref.base);
      const items = base.items ? [...base.items] : [];
      if (items.length < 256) items.push({ k: ref.key ?? String(items.length), v });
      write(cx, ref.base, { ...flow([base, v]), items, obj: base.obj, file: base.file });
      return;
    }
    case 'list':
      for (const r of ref.refs) write(cx, r, flow([v]));
      return;
    case 'dyn':
      // `$$k = $v` with a name from the request: any variable may now hold request data.
      if (tainted(ref.name)) cx.extracted = true;
  }
}

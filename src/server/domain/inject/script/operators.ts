import { MAX_STRING, memberPath, num, ref, str, text, union, type Val } from './values';

/** `obj.name` for what the reader knows: a path to a browser object, a string's or array's item. */
export function memberValue(obj: Val, prop: { name: string | null; dec: string[] }): Val {
  const { name } = prop;
  if (name === null || !obj) return null;
  if (obj.t === 'ref') return ref(memberPath(obj.path, name), union(obj.dec, prop.dec));
  if (obj.t === 'str') {
    if (name === 'length') return num(obj.s.length);
    return /^\d+$/.test(name) ? str(obj.s.charAt(Number(name)), obj.dec) : null;
  }
  if (obj.t === 'arr') {
    if (name === 'length') return num(obj.items.length);
    return /^\d+$/.test(name) ? (obj.items[Number(name)] ?? null) : null;
  }
  // `(async function(){}).constructor`: the Function constructor under another name.
  if (obj.t === 'fn' && name === 'constructor') return ref('Function', union(prop.dec, ['builtName']));
  if (obj.t === 'el' && name === 'style') return { t: 'ref', path: 'el.style', dec: [], el: obj.el };
  return null;
}

/** `a op b`: arithmetic on known numbers, `+` on strings (the pieces become one). */
export function binaryValue(op: string, a: Val, b: Val): Val {
  if (a?.t === 'num' && b?.t === 'num') {
    const ops: Record<string, (x: number, y: number) => number> = {
      '+': (x, y) => x + y,
      '-': (x, y) => x - y,
      '*': (x, y) => x * y,
      '/': (x, y) => x / y,
      '%': (x, y) => x % y,
      '|': (x, y) => x | y,
      '&': (x, y) => x & y,
      '^': (x, y) => x ^ y,
      '<<': (x, y) => x << y,
      '>>': (x, y) => x >> y,
      '>>>': (x, y) => x >>> y,
    };
    return ops[op] ? num(ops[op]!(a.n, b.n)) : null;
  }
  if (op !== '+' || (a?.t !== 'str' && b?.t !== 'str')) return null;
  const x = text(a);
  const y = text(b);
  const pieces = a?.t === 'str' && b?.t === 'str' ? ['concatenation'] : [];
  return str((x.s + y.s).slice(0, MAX_STRING), union(x.dec, y.dec, pieces));
}

import 'server-only';
import { bool, MAX_STRING, memberPath, num, ref, str, text, UNKNOWN, union, type Val } from './values';

/** Methods every array has: `[]['filter']` is a function (whose constructor is Function). */
const ARRAY_METHODS = new Set([
  'at',
  'concat',
  'entries',
  'every',
  'fill',
  'filter',
  'find',
  'flat',
  'flatMap',
  'forEach',
  'includes',
  'indexOf',
  'join',
  'keys',
  'map',
  'pop',
  'push',
  'reduce',
  'reverse',
  'shift',
  'slice',
  'some',
  'sort',
  'splice',
  'values',
]);

const UNDEF: Val = { t: 'undef' };

/** `obj.name` for what the reader knows: a path to a browser object, a string's or array's item. */
export function memberValue(obj: Val, prop: { name: string | null; dec: string[] }): Val {
  const { name } = prop;
  // An item of a list of elements (`document.querySelectorAll('.x')[i]`) is one of them.
  if (obj?.t === 'ref' && obj.path.startsWith('all:') && (name === null || /^\d+$/.test(name)))
    return ref(`sel:${obj.path.slice(4)}`, obj.dec);
  // `$('#go')[0]`: the element itself.
  if (obj?.t === 'ref' && obj.path.startsWith('jquery.sel:') && name !== null && /^\d+$/.test(name))
    return ref(obj.path.slice(7), obj.dec);
  if (name === null || !obj) return null;
  if (obj.t === 'ref') return ref(memberPath(obj.path, name), union(obj.dec, prop.dec));
  // `([]+[])['constructor']`: String, whose source (`function String() { [native code] }`) JSFuck
  // takes the S and g of `toString` from.
  if (name === 'constructor' && (obj.t === 'str' || obj.t === 'num' || obj.t === 'bool'))
    return { t: 'native', name: obj.t === 'str' ? 'String' : obj.t === 'num' ? 'Number' : 'Boolean' };
  if (obj.t === 'str') {
    if (name === 'length') return num(obj.s.length);
    return /^\d+$/.test(name) ? str(obj.s.charAt(Number(name)), obj.dec) : null;
  }
  if (obj.t === 'arr') {
    if (name === 'length') return num(obj.items.length);
    if (/^\d+$/.test(name))
      return obj.items[Number(name)] ?? (Number(name) >= obj.items.length ? UNDEF : null);
    // `[][[]]` (the name '') is undefined, `[]['filter']` a function: JSFuck's letters and Function.
    return ARRAY_METHODS.has(name) ? { t: 'native', name } : name === '' ? UNDEF : null;
  }
  // `(3)[3]`: a number or boolean has no indexes (jjencode takes the d of "undefined" so).
  if ((obj.t === 'num' || obj.t === 'bool') && /^\d+$/.test(name)) return UNDEF;
  // An object's own property, or undefined when the code set none by that name (and none unknown).
  if (obj.t === 'obj' && obj.props) {
    const own = obj.props.get(name);
    if (own !== undefined) return own;
    if (!obj.open && name !== 'constructor' && !(name in Object.prototype)) return UNDEF;
  }
  // `(async function(){}).constructor`, `[]['filter']['constructor']`: the Function constructor.
  if ((obj.t === 'fn' || obj.t === 'native') && name === 'constructor')
    return ref('Function', union(prop.dec, ['builtName']));
  if (obj.t === 'el' && name === 'style') return { t: 'ref', path: 'el.style', dec: [], el: obj.el };
  return null;
}

/** Whether a value is truthy, when the reader knows it (browser objects' values it does not). */
export function truthy(v: Val): boolean | null {
  if (!v || v.t === 'ref') return null;
  if (v.t === 'str') return v.s.includes(UNKNOWN) ? (v.s.replaceAll(UNKNOWN, '') ? true : null) : v.s !== '';
  if (v.t === 'num') return v.n !== 0 && !Number.isNaN(v.n);
  if (v.t === 'bool') return v.b;
  if (v.t === 'undef') return false;
  return true;
}

/** `+v` as JavaScript converts it (`+[]` is 0, `+!![]` 1, `+'12'` 12), or null when unknown. */
function toNumber(v: Val): number | null {
  if (v?.t === 'num') return v.n;
  if (v?.t === 'bool') return v.b ? 1 : 0;
  if (v?.t === 'undef' || v?.t === 'obj' || v?.t === 'native') return Number.NaN;
  if (v?.t === 'str' || v?.t === 'arr') {
    const t = text(v).s;
    return t.includes(UNKNOWN) ? null : t.trim() === '' ? 0 : Number(t);
  }
  return null;
}

/** `!v`, `+v`, `-v`, `~v`, `void v` on what the reader knows. */
export function unaryValue(op: string, v: Val): Val {
  if (op === '!') {
    const t = truthy(v);
    return t === null ? null : bool(!t);
  }
  if (op === 'void') return UNDEF;
  const n = op === '+' || op === '-' || op === '~' ? toNumber(v) : null;
  if (n === null) return null;
  return op === '-' ? num(-n) : op === '~' ? num(~n) : num(n);
}

/** Values that `+` turns into strings (an array, an object, a function): they concatenate. */
const STRINGY = new Set(['str', 'arr', 'obj', 'native']);

const EQUALITY = new Set(['==', '===', '!=', '!==']);

function primitive(v: Val): string | number | boolean | undefined | null {
  if (v?.t === 'num') return v.n;
  if (v?.t === 'bool') return v.b;
  if (v?.t === 'undef') return undefined;
  if (v?.t === 'str' && !v.s.includes(UNKNOWN)) return v.s;
  return null;
}

function equality(op: string, a: Val, b: Val): Val {
  const x = primitive(a);
  const y = primitive(b);
  if (x === null || y === null) return null;
  // biome-ignore lint/suspicious/noDoubleEquals: JavaScript's loose equality, as the code asks for it.
  const same = op === '==' || op === '!=' ? x == y : x === y;
  return bool(op.startsWith('!') ? !same : same);
}

/** `a op b`: arithmetic on known numbers, `+` on strings (the pieces become one). */
export function binaryValue(op: string, a: Val, b: Val): Val {
  if (op === '+' && (STRINGY.has(a?.t ?? '') || STRINGY.has(b?.t ?? ''))) {
    const x = text(a);
    const y = text(b);
    const pieces = a?.t === 'str' && b?.t === 'str' ? ['concatenation'] : [];
    return str((x.s + y.s).slice(0, MAX_STRING), union(x.dec, y.dec, pieces));
  }
  // `(ﾟωﾟﾉ==3)`: a comparison of primitives the reader knows (aaencode takes letters from it).
  if (EQUALITY.has(op)) return equality(op, a, b);
  const x = toNumber(a);
  const y = toNumber(b);
  if (x === null || y === null) return null;
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
  return ops[op] ? num(ops[op]!(x, y)) : null;
}

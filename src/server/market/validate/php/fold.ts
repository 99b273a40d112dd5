import 'server-only';
import { type Format, inflateCapped } from '../../zip/inflate';
import { DECODERS } from './catalog';
import type { Budget } from './context';
import { flow, type Val } from './values';

/** Largest string a decoder may produce here: a bigger payload stays unknown (and is still held). */
const MAX_OUT = 2_000_000;

/**
 * The result of a string function whose arguments are known, as PHP would compute it, so that names
 * and payloads built at run time (`chr(115).chr(121)…`, `gzinflate(base64_decode('…'))`) are read.
 */
export function fold(name: string, args: Val[], budget: Budget): Val | undefined {
  const s = args.map((a) => a.s);
  const max = Math.min(MAX_OUT, budget.decoded);
  const out = compute(name, s, args, max);
  if (out === undefined || out.length > max) return undefined;
  budget.decoded -= out.length;
  return { ...flow(args), s: out, dec: DECODERS.has(name) || args.some((a) => a.dec) };
}

function compute(name: string, s: (string | undefined)[], args: Val[], max: number): string | undefined {
  const [a, b, c] = s;
  if (name === 'implode' || name === 'join') {
    const list = args.find((v) => v.items)?.items;
    const sep = args.length > 1 ? (args[0]?.items ? b : a) : '';
    if (!list || sep === undefined || list.some((i) => i.v.s === undefined)) return undefined;
    return list.map((i) => i.v.s).join(sep);
  }
  if (a === undefined) return undefined;
  switch (name) {
    case 'chr':
      return String.fromCharCode(((Number(a) % 256) + 256) % 256);
    case 'strrev':
      return [...a].reverse().join('');
    case 'str_rot13':
      return a.replace(/[a-z]/gi, (ch) => {
        const base = ch <= 'Z' ? 65 : 97;
        return String.fromCharCode(((ch.charCodeAt(0) - base + 13) % 26) + base);
      });
    case 'base64_decode':
      return Buffer.from(a.replace(/[^A-Za-z0-9+/]/g, ''), 'base64').toString('latin1');
    case 'hex2bin':
      return /^([0-9a-f]{2})*$/i.test(a) ? Buffer.from(a, 'hex').toString('latin1') : undefined;
    case 'pack':
      return /^H\*?$/.test(a) && b !== undefined && /^[0-9a-f]*$/i.test(b)
        ? Buffer.from(b, 'hex').toString('latin1')
        : undefined;
    case 'urldecode':
    case 'rawurldecode':
      return unescapeUrl(name === 'urldecode' ? a.replace(/\+/g, ' ') : a);
    case 'gzinflate':
      return inflate(a, 'deflate', max);
    case 'gzuncompress':
      return inflate(a, 'zlib', max);
    case 'gzdecode':
      return inflate(a, 'gzip', max);
    case 'strtolower':
      return a.toLowerCase();
    case 'strtoupper':
      return a.toUpperCase();
    case 'ucfirst':
      return a.charAt(0).toUpperCase() + a.slice(1);
    case 'trim':
      return args.length === 1 ? a.trim() : undefined;
    case 'substr':
      return substr(a, Number(b), c === undefined ? undefined : Number(c));
    case 'str_replace':
    case 'str_ireplace':
      return c === undefined || b === undefined || a === '' ? undefined : c.split(a).join(b);
    case 'strtr':
      return b !== undefined && c !== undefined ? strtr(a, b, c) : undefined;
    case 'str_repeat':
      return Number(b) * a.length <= MAX_OUT ? a.repeat(Math.max(0, Number(b) || 0)) : undefined;
    case 'sprintf':
      return sprintf(a, s.slice(1));
    case 'base_convert':
      return baseConvert(a, Number(b), Number(c));
    default:
      return undefined;
  }
}

function inflate(s: string, format: Format, max: number): string | undefined {
  try {
    return Buffer.from(inflateCapped(Buffer.from(s, 'latin1'), max, format)).toString('latin1');
  } catch {
    return undefined;
  }
}

function unescapeUrl(s: string): string {
  return s.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

function substr(s: string, from: number, len?: number): string | undefined {
  if (!Number.isFinite(from)) return undefined;
  const start = from < 0 ? Math.max(0, s.length + from) : from;
  if (len === undefined) return s.slice(start);
  return len < 0 ? s.slice(start, s.length + len) : s.slice(start, start + len);
}

function strtr(s: string, from: string, to: string): string {
  const n = Math.min(from.length, to.length);
  let out = '';
  for (const ch of s) {
    const i = from.slice(0, n).indexOf(ch);
    out += i >= 0 ? to.charAt(i) : ch;
  }
  return out;
}

function sprintf(format: string, values: (string | undefined)[]): string | undefined {
  let i = 0;
  let ok = true;
  const out = format.replace(/%(%|[sdc])/g, (_, kind: string) => {
    if (kind === '%') return '%';
    const v = values[i++];
    if (v === undefined) ok = false;
    return kind === 'c'
      ? String.fromCharCode(Number(v) & 0xff)
      : kind === 'd'
        ? String(Number.parseInt(v ?? '', 10))
        : (v ?? '');
  });
  return ok ? out : undefined;
}

/** `'!' ^ '@'` and friends, which non-alphanumeric shells use to spell function names. */
export function bitwise(op: string, a: string, b: string): string {
  const n = op === '|' ? Math.max(a.length, b.length) : Math.min(a.length, b.length);
  let out = '';
  for (let i = 0; i < n && i < MAX_OUT; i++) {
    const x = a.charCodeAt(i) || 0;
    const y = b.charCodeAt(i) || 0;
    out += String.fromCharCode((op === '^' ? x ^ y : op === '|' ? x | y : x & y) & 0xff);
  }
  return out;
}

/** PHP's base_convert: digits outside the base are ignored; past 2^53 the result is not worked out. */
function baseConvert(a: string, from: number, to: number): string | undefined {
  if (!(from >= 2 && from <= 36 && to >= 2 && to <= 36)) return undefined;
  let n = 0n;
  for (const ch of a.toLowerCase()) {
    const d = Number.parseInt(ch, 36);
    if (!Number.isNaN(d) && d < from) n = n * BigInt(from) + BigInt(d);
  }
  return n < 2n ** 53n ? n.toString(to) : undefined;
}

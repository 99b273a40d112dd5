import 'server-only';
import { isNameStart, Lexer, type Mode, type Part, type Tok } from './tokens';

const SIMPLE: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  v: '\v',
  e: '\x1b',
  f: '\f',
  '\\': '\\',
  $: '$',
};

export function readVarName(src: string, i: number): string {
  let j = i;
  for (; j < src.length; j++) {
    const c = src.charCodeAt(j);
    if (c === 92 || !(isNameStart(c) || (c >= 48 && c <= 57))) break;
  }
  return src.slice(i, j);
}

/**
 * A quoted string from `start` (its opening quote) as PHP reads it: escapes decoded, and for double
 * quotes, backticks and heredocs the interpolated variables and `{$…}` / `${…}` expressions as tokens.
 * `open` (heredoc bodies) reads to the end of `src` instead of to a closing quote.
 */
export function readString(
  src: string,
  start: number,
  quote: string,
  mode: Mode,
  baseLine: number,
  open = false,
): { parts: Part[]; end: number } {
  let i = start + 1;
  let text = '';
  const parts: Part[] = [];
  const flush = () => {
    if (text) parts.push(text);
    text = '';
  };
  // Lines counted as the string is read (counting from its start at each variable would be quadratic).
  let counted = start;
  let lines = baseLine;
  const lineAt = (pos: number) => {
    for (; counted < pos; counted++) if (src.charCodeAt(counted) === 10) lines++;
    return lines;
  };
  while (i < src.length) {
    const c = src.charAt(i);
    if (c === quote && !open) {
      flush();
      return { parts, end: i + 1 };
    }
    if (c === '\\') {
      const [value, used] = quote === "'" ? single(src, i) : decodeEscape(src, i, quote, open);
      text += value;
      i += used;
      continue;
    }
    const complex = c === '{' && src.charAt(i + 1) === '$';
    if (quote === "'" || (c !== '$' && !complex)) {
      text += c;
      i++;
      continue;
    }
    // Interpolation: `{$expr}`, `${name}` / `${expr}`, or `$name` with one `[…]` or `->name`.
    const line = lineAt(i);
    if (c === '{') {
      flush();
      const sub = new Lexer(src, mode);
      sub.i = i + 1;
      sub.line = line;
      sub.code('}');
      sub.out.pop();
      parts.push(sub.out);
      i = sub.i;
      continue;
    }
    if (src.charAt(i + 1) === '{') {
      flush();
      const sub = new Lexer(src, mode);
      sub.i = i + 2;
      sub.line = line;
      sub.code('}');
      sub.out.pop();
      // `${name}` and `${name[…]}` are plain variables; anything else names the variable at run time.
      const first = sub.out[0];
      const named =
        first?.t === 'id' && (sub.out.length === 1 || (sub.out[1]?.t === 'op' && sub.out[1].v === '['));
      parts.push(
        named
          ? [{ t: 'var', v: first.v, line }, ...sub.out.slice(1)]
          : [{ t: 'op', v: '$', line }, { t: 'op', v: '{', line }, ...sub.out, { t: 'op', v: '}', line }],
      );
      i = sub.i;
      continue;
    }
    const name = readVarName(src, i + 1);
    if (!name || /^[0-9]/.test(name)) {
      text += c;
      i++;
      continue;
    }
    flush();
    const toks: Tok[] = [{ t: 'var', v: name, line }];
    i += 1 + name.length;
    const index = /^\[(-?[0-9]+|[A-Za-z_][A-Za-z0-9_]*|\$[A-Za-z_][A-Za-z0-9_]*)\]/.exec(
      src.slice(i, i + 80),
    );
    const prop = /^->([A-Za-z_][A-Za-z0-9_]*)/.exec(src.slice(i, i + 80));
    if (index?.[1]) {
      const key = index[1];
      toks.push({ t: 'op', v: '[', line });
      if (key.startsWith('$')) toks.push({ t: 'var', v: key.slice(1), line });
      else if (/^-?[0-9]/.test(key)) toks.push({ t: 'num', v: key, line });
      else toks.push({ t: 'str', v: key, line });
      toks.push({ t: 'op', v: ']', line });
      i += index[0].length;
    } else if (prop?.[1]) {
      toks.push({ t: 'op', v: '->', line }, { t: 'id', v: prop[1], line });
      i += prop[0].length;
    }
    parts.push(toks);
  }
  flush();
  return { parts, end: src.length };
}

function single(src: string, i: number): [string, number] {
  const n = src.charAt(i + 1);
  return n === '\\' || n === "'" ? [n, 2] : ['\\', 1];
}

function decodeEscape(src: string, i: number, quote: string, open: boolean): [string, number] {
  const n = src.charAt(i + 1);
  if (n in SIMPLE) return [SIMPLE[n] ?? '', 2];
  if (n === quote && !open) return [n, 2];
  const oct = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4));
  if (oct) return [String.fromCharCode(Number.parseInt(oct[0], 8) & 0xff), 1 + oct[0].length];
  const hex = /^x([0-9a-fA-F]{1,2})/.exec(src.slice(i + 1, i + 4));
  if (hex?.[1]) return [String.fromCharCode(Number.parseInt(hex[1], 16)), 1 + hex[0].length];
  const uni = /^u\{([0-9a-fA-F]{1,6})\}/.exec(src.slice(i + 1, i + 10));
  if (uni?.[1]) {
    const code = Number.parseInt(uni[1], 16);
    // Strings are byte strings (one char per byte), as in PHP: \u{…} stands for its UTF-8 bytes.
    const bytes = code <= 0x10ffff ? Buffer.from(String.fromCodePoint(code), 'utf8') : Buffer.alloc(0);
    return [bytes.toString('latin1'), 1 + uni[0].length];
  }
  return ['\\', 1];
}

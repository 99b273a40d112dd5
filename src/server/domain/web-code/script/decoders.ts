import 'server-only';
import { parseExpressionAt } from 'acorn';
import { MAX_STRING } from './values';

/** `atob` as the browser does it: null for text that is not base64. */
export function atobText(input: string): string | null {
  const clean = input.replace(/[\s]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
  return Buffer.from(clean, 'base64').toString('latin1').slice(0, MAX_STRING);
}

/** `unescape` (and `decodeURIComponent` when the text is valid UTF-8 escapes). */
export function unescapeText(input: string, utf8: boolean): string {
  if (utf8) {
    try {
      return decodeURIComponent(input);
    } catch {
      // fall back to byte-wise unescaping, as unescape() would
    }
  }
  return input
    .replace(/%u([0-9a-f]{4})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** A word's index as Dean Edwards' packer writes it: base 62 (0-9, a-z, A-Z), or base `radix` below 36. */
function packedIndex(word: string, radix: number): number {
  if (radix <= 36) return Number.parseInt(word, radix);
  let n = 0;
  for (const c of word) {
    const code = c.charCodeAt(0);
    const digit = code <= 57 ? code - 48 : code >= 97 ? code - 87 : code - 29;
    if (digit < 0 || digit >= radix) return Number.NaN;
    n = n * radix + digit;
  }
  return n;
}

/**
 * The source a packer call would hand to eval: every word of `payload` is an index into
 * `words`. Pure string work, bounded by the payload's size: nothing of it is run.
 */
export function unpack(payload: string, radix: number, count: number, words: string[]): string | null {
  if (!Number.isInteger(radix) || radix < 2 || radix > 62 || count > 100_000) return null;
  const out = payload.replace(/\b\w+\b/g, (w) => {
    const i = packedIndex(w, radix);
    return Number.isInteger(i) && i < count && words[i] ? words[i]! : w;
  });
  return out.slice(0, MAX_STRING);
}

/** Escapes in a literal's source are themselves a way of hiding it. */
export function escapesIn(raw: string): string[] {
  const dec: string[] = [];
  if (/\\x[0-9a-f]{2}/i.test(raw)) dec.push('hex');
  if (/\\u(?:[0-9a-f]{4}|\{)/i.test(raw)) dec.push('unicode');
  return dec;
}

/** A string literal's value, escapes and all, as the parser reads it; null when it is not one. */
export function stringLiteral(source: string): string | null {
  try {
    const node = parseExpressionAt(source, 0, { ecmaVersion: 'latest' });
    return node.type === 'Literal' && typeof node.value === 'string' && node.end === source.length
      ? node.value.slice(0, MAX_STRING)
      : null;
  } catch {
    return null;
  }
}

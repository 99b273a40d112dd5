/**
 * A decoded copy of a page or script (HTML entities, `\xNN` / `\uNNNN` escapes,
 * `String.fromCharCode(...)` lists, long base64 runs) with a map back to raw offsets, so a hit in
 * the decoded text can be reported where it sits in the original.
 */
export type DecodedView = { text: string; toRaw: (offset: number) => number };

// The last two: any long base64 run, and a short one that is the argument of atob().
const TOKEN =
  /&#x([0-9a-f]{1,6});|&#(\d{1,7});|&(lt|gt|quot|apos|amp);|\\x([0-9a-f]{2})|\\u([0-9a-f]{4})|String\.fromCharCode\(([\d\s,]{1,4000})\)|([A-Za-z0-9+/]{40,}={0,2})|(?<=atob\(\s{0,4}["'])([A-Za-z0-9+/]{8,}={0,2})(?=["'])/gi;

const NAMED: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
const MAX_DECODED = 8_000_000;

export function decode(raw: string): DecodedView | null {
  // [decodedStart, rawStart] at the start of every replaced token and of the text after it.
  const marks: number[] = [0, 0];
  const parts: string[] = [];
  let out = 0;
  let last = 0;
  let changed = false;
  for (const m of raw.matchAll(TOKEN)) {
    const value = decodeToken(m);
    if (value === null) continue;
    const at = m.index;
    parts.push(raw.slice(last, at));
    out += at - last;
    marks.push(out, at);
    parts.push(value);
    out += value.length;
    last = at + m[0].length;
    marks.push(out, last);
    changed = true;
    if (out > MAX_DECODED) break;
  }
  if (!changed) return null;
  parts.push(raw.slice(last));
  const text = parts.join('');
  return { text, toRaw: (offset) => toRaw(marks, offset) };
}

function decodeToken(m: RegExpMatchArray): string | null {
  const [, hexEntity, decEntity, named, hex, unicode, charCodes, base64, atobArgument] = m;
  const code = (n: number) => (n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : null);
  if (hexEntity) return code(Number.parseInt(hexEntity, 16));
  if (decEntity) return code(Number(decEntity));
  if (named) return NAMED[named.toLowerCase()] ?? null;
  if (hex) return code(Number.parseInt(hex, 16));
  if (unicode) return code(Number.parseInt(unicode, 16));
  if (charCodes) {
    const list = charCodes.split(',').map((s) => Number(s.trim()));
    if (list.some((n) => !Number.isInteger(n) || n <= 0 || n > 0xffff)) return null;
    return String.fromCharCode(...list);
  }
  if (base64 || atobArgument) return decodeBase64(base64 ?? atobArgument!);
  return null;
}

/** Only base64 that decodes to mostly printable text counts (not every long identifier). */
function decodeBase64(run: string): string | null {
  if (run.length % 4 === 1) return null;
  const text = Buffer.from(run, 'base64').toString('latin1');
  let printable = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 32 && c < 127) || c === 10 || c === 13 || c === 9) printable++;
  }
  return text.length > 0 && printable / text.length > 0.9 ? text : null;
}

/** Binary search for the last mark at or before `offset`. */
function toRaw(marks: number[], offset: number): number {
  let lo = 0;
  let hi = marks.length / 2 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (marks[mid * 2]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  // Inside a decoded token the whole token is the location; in plain text, offsets move together.
  return lo % 2 === 1 ? marks[lo * 2 + 1]! : marks[lo * 2 + 1]! + (offset - marks[lo * 2]!);
}

import 'server-only';
import { BODY_LIMITS } from '@/contract/limits';
import { AppError } from '../errors';
import { tooManyFields } from './payload';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * Walks JSON text once, outside its strings, and refuses it before JSON.parse builds anything when it
 * nests deeper than BODY_LIMITS.depth or holds more keys and items (commas plus containers, an upper
 * bound) than BODY_LIMITS.fields. It stops at the first excess, so a hostile body costs microseconds.
 * Validity is left to JSON.parse.
 */
export function checkJsonShape(text: string): void {
  let depth = 0;
  let items = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > BODY_LIMITS.depth)
        throw new AppError('bad_request', 'api.tooDeep', { max: BODY_LIMITS.depth });
      if (++items > BODY_LIMITS.fields) throw tooManyFields();
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
    else if (c === COMMA && ++items > BODY_LIMITS.fields) throw tooManyFields();
  }
}

/**
 * The index of the quote closing the string opened at `open` (the text's length if none). A string
 * without escaped quotes is crossed by one native search; after the first escaped quote the rest is
 * walked character by character, which stays linear however densely escapes are packed.
 */
function stringEnd(text: string, open: number): number {
  const quote = text.indexOf('"', open + 1);
  if (quote < 0) return text.length;
  let slashes = 0;
  for (let j = quote - 1; j > open && text.charCodeAt(j) === BACKSLASH; j--) slashes++;
  if (slashes % 2 === 0) return quote;
  for (let i = quote + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return text.length;
}

/** Refuses a form (`a=1&b=2`) with more entries than BODY_LIMITS.fields, before URLSearchParams splits it. */
export function checkFormShape(text: string): void {
  let at = -1;
  for (let n = 0; n < BODY_LIMITS.fields; n++) {
    at = text.indexOf('&', at + 1);
    if (at < 0) return;
  }
  throw tooManyFields();
}

/** Refuses a multipart body with more parts than BODY_LIMITS.fields, before the platform parses it. */
export function checkMultipartShape(bytes: Uint8Array, contentType: string): void {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return; // the parser refuses it
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = -1;
  // n + 1 delimiters enclose n parts (the last one closes the body).
  for (let n = 0; n <= BODY_LIMITS.fields + 1; n++) {
    at = body.indexOf(delimiter, at + 1);
    if (at < 0) return;
  }
  throw tooManyFields();
}

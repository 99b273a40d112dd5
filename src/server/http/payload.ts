import 'server-only';
import { BODY_LIMITS } from '@/contract/limits';
import { AppError } from '../errors';

export type FieldValue = string | File | Array<string | File>;
export type Payload = Record<string, FieldValue>;

/** Fields the clients add to every call that carry no meaning for an operation (the portal's own pages add debug=1, a cache-busting timestamp and, in older clients, their token and language as fields). */
const IGNORED = new Set(['debug', 'token', 'lang', '_', 't', 'timestamp', '_t']);
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export const tooManyFields = () =>
  new AppError('too_large', 'api.tooManyFields', { max: BODY_LIMITS.fields });

/**
 * Collects one request's fields into a flat payload: repeated keys and `x[]` keys become lists under
 * the name without brackets. Counts every entry against BODY_LIMITS.fields (a list grows in place, so
 * a repeated key costs linear time) and refuses NUL characters, which no text field may hold and
 * PostgreSQL cannot store.
 */
export class PayloadBuilder {
  readonly payload: Payload = {};
  private count = 0;

  add(rawKey: string, value: string | File) {
    if (++this.count > BODY_LIMITS.fields) throw tooManyFields();
    refuseNul(rawKey, typeof value === 'string' ? value : value.name);
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    if (IGNORED.has(key) || UNSAFE_KEYS.has(key)) return;
    const existing = this.payload[key];
    if (existing === undefined) this.payload[key] = isList ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else this.payload[key] = [existing, value];
  }

  addAll(entries: Iterable<[string, string | File]>) {
    for (const [key, value] of entries) this.add(key, value);
  }
}

/** No text field may hold a NUL character, and PostgreSQL cannot store one: the request is refused. */
export function refuseNul(...texts: string[]) {
  if (texts.some((text) => text.includes('\u0000'))) throw new AppError('bad_request', 'api.nulByte');
}

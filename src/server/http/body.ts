import 'server-only';
import { MAX_CONTENT_LENGTH } from '@/contract/limits';
import { AppError } from './errors';

export type FieldValue = string | File | Array<string | File>;
export type Payload = Record<string, FieldValue>;

/** Fields the clients add to every call that carry no meaning for an operation (design.md). */
const IGNORED = new Set(['debug', 'token', 'lang', '_', 't', 'timestamp', '_t']);

/**
 * Reads a request into one flat payload, whatever the client sent: the query (GET),
 * JSON, JSON sent as text/plain, form-urlencoded or multipart. Repeated keys and `x[]`
 * keys become arrays under the name without brackets.
 */
export async function readPayload(request: Request): Promise<Payload> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_CONTENT_LENGTH) throw new AppError('too_large', 'api.tooLarge');

  const payload: Payload = {};
  addAll(payload, new URL(request.url).searchParams);
  if (request.method === 'GET' || request.method === 'HEAD') return payload;

  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    // The boundary is case-sensitive: hand the header on as sent, not lower-cased.
    const header = request.headers.get('content-type') ?? type;
    const bytes = await readCapped(request);
    const form = await new Response(bytes, { headers: { 'content-type': header } })
      .formData()
      .catch(rethrowOr('api.badForm'));
    addAll(payload, form);
    return payload;
  }
  const text = new TextDecoder().decode(await readCapped(request));
  if (!text.trim()) return payload;
  if (type.startsWith('application/x-www-form-urlencoded')) {
    addAll(payload, new URLSearchParams(text));
    return payload;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // text/plain that is not JSON may still be a query string (some clients do that).
    if (!type.startsWith('application/json') && /^[^{[][^=]*=/.test(text)) {
      addAll(payload, new URLSearchParams(text));
      return payload;
    }
    throw new AppError('bad_request', 'api.badJson');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AppError('bad_request', 'api.badJson');
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (Array.isArray(value))
      for (const item of value) add(payload, `${key.replace(/\[\]$/, '')}[]`, scalar(item));
    else add(payload, key, scalar(value));
  }
  return payload;
}

function addAll(payload: Payload, entries: Iterable<[string, string | File]>) {
  for (const [key, value] of entries) add(payload, key, value);
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function add(payload: Payload, rawKey: string, value: string | File) {
  const isList = rawKey.endsWith('[]');
  const key = isList ? rawKey.slice(0, -2) : rawKey;
  if (IGNORED.has(key) || key === '__proto__' || key === 'constructor' || key === 'prototype') return;
  const existing = payload[key];
  if (existing === undefined) payload[key] = isList ? [value] : value;
  else payload[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

/** Reads the body while counting, so a chunked upload without content-length is cut at the cap too. */
async function readCapped(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_CONTENT_LENGTH) {
      await reader.cancel().catch(() => {});
      throw new AppError('too_large', 'api.tooLarge');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

function rethrowOr(key: string) {
  return (error: unknown): never => {
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request', key);
  };
}

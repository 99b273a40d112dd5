import 'server-only';
import { MAX_CONTENT_LENGTH } from '@/contract/limits';
import { AppError } from '../errors';
import { checkFormShape, checkJsonShape, checkMultipartShape } from './body-shape';
import { type Payload, PayloadBuilder } from './payload';

export type { FieldValue, Payload } from './payload';

/**
 * Reads a request into one flat payload, whatever the client sent: the query (GET),
 * JSON, JSON sent as text/plain, form-urlencoded or multipart. Repeated keys and `x[]`
 * keys become arrays under the name without brackets. Every shape is measured in one linear
 * pass before it is parsed (body-shape.ts), so no body costs more than its size.
 */
export async function readPayload(request: Request, maxBytes = MAX_CONTENT_LENGTH): Promise<Payload> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new AppError('too_large', 'api.tooLarge', { max: maxBytes });

  const out = new PayloadBuilder();
  out.addAll(new URL(request.url).searchParams);
  if (request.method === 'GET' || request.method === 'HEAD') return out.payload;

  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    // The boundary is case-sensitive: hand the header on as sent, not lower-cased.
    const header = request.headers.get('content-type') ?? type;
    const bytes = await readCapped(request, maxBytes);
    checkMultipartShape(bytes, header);
    const form = await new Response(bytes, { headers: { 'content-type': header } })
      .formData()
      .catch(rethrowOr('api.badForm'));
    out.addAll(form);
    return out.payload;
  }
  const text = new TextDecoder().decode(await readCapped(request, maxBytes));
  const start = text.search(/\S/);
  if (start < 0) return out.payload;
  if (type.startsWith('application/x-www-form-urlencoded')) return addForm(out, text);
  if (text[start] === '{' || text[start] === '[') return addJson(out, text);
  // text/plain that is not JSON may still be a query string (some clients do that).
  if (!type.startsWith('application/json') && /^[^=]*=/.test(text.slice(start))) return addForm(out, text);
  throw new AppError('bad_request', 'api.badJson');
}

function addForm(out: PayloadBuilder, text: string): Payload {
  checkFormShape(text);
  out.addAll(new URLSearchParams(text));
  return out.payload;
}

function addJson(out: PayloadBuilder, text: string): Payload {
  checkJsonShape(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'api.badJson');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AppError('bad_request', 'api.badJson');
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (Array.isArray(value))
      for (const item of value) out.add(`${key.replace(/\[\]$/, '')}[]`, scalar(item));
    else out.add(key, scalar(value));
  }
  return out.payload;
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Bytes of request bodies this process holds while reading them, all requests together. Each body
 * is capped on its own, but a few hundred slow uploads held open together would still fill the
 * memory; past this the next chunk is refused with 503 and Retry-After.
 */
export const BODY_BYTES_IN_FLIGHT = 256 * 1024 * 1024;
const inFlight = { bytes: 0 };

/** Reads the body while counting, so a chunked upload without content-length is cut at the cap too. */
async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let held = 0; // this read's share of `inFlight`, given back before any await once it ends
  const release = () => {
    inFlight.bytes -= held;
    held = 0;
  };
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      release();
      throw error;
    });
    if (done) break;
    size += value.byteLength;
    held += value.byteLength;
    inFlight.bytes += value.byteLength;
    if (size > maxBytes || inFlight.bytes > BODY_BYTES_IN_FLIGHT) {
      release();
      await reader.cancel().catch(() => {});
      if (size > maxBytes) throw new AppError('too_large', 'api.tooLarge', { max: maxBytes });
      throw new AppError('busy', 'api.unavailable');
    }
    chunks.push(value);
  }
  release();
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

/** Bytes being read right now, for tests. */
export const bodyBytesInFlight = () => inFlight.bytes;

import 'server-only';
import { MAX_CONTENT_LENGTH } from '@/contract/limits';
import { AppError } from '../errors';
import { logFor } from '../log';
import { checkFormShape, checkJsonShape, checkMultipartShape } from './body-shape';
import { clientAddress } from './forwarded';
import { type Payload, PayloadBuilder } from './payload';

const log = logFor('api');

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
/**
 * The part of that budget the bodies from one address may hold together: three full uploads at
 * once, so a few unfinished posts from one client cannot refuse everyone else's (429 past it).
 */
export const BODY_BYTES_PER_ADDRESS = BODY_BYTES_IN_FLIGHT / 4;
/** A body that sends nothing for this long is dropped (408), and what it held is given back. */
export const BODY_STALL_MS = 20_000;
const RETRY_S = 5;

const inFlight = { bytes: 0, byAddress: new Map<string, number>() };

/**
 * Reads the body while counting, so a chunked upload without content-length is cut at the cap too.
 * A read that fails is the client's doing: a client that closed its connection gets a 400 nobody
 * reads, one that stopped sending a 408; neither is a server or database failure.
 */
async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const address = clientAddress(request.headers);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let held = 0; // this read's share of `inFlight`, given back before any await once it ends
  const hold = (bytes: number) => {
    held += bytes;
    inFlight.bytes += bytes;
    const mine = (inFlight.byAddress.get(address) ?? 0) + bytes;
    if (mine > 0) inFlight.byAddress.set(address, mine);
    else inFlight.byAddress.delete(address);
    return mine;
  };
  const stop = async (error: AppError): Promise<never> => {
    hold(-held);
    await reader.cancel().catch(() => {});
    throw error;
  };
  for (;;) {
    const next = await readWithin(reader, BODY_STALL_MS);
    if (next === 'stalled')
      await stop(new AppError('timeout', 'api.bodyStalled', { seconds: BODY_STALL_MS / 1000 }));
    else if (next === 'failed') {
      log.info({ bytes: size }, 'client closed the connection while sending its body');
      await stop(new AppError('bad_request', 'api.bodyIncomplete'));
    } else {
      const { done, value } = next;
      if (done) break;
      size += value.byteLength;
      const mine = hold(value.byteLength);
      if (size > maxBytes) await stop(new AppError('too_large', 'api.tooLarge', { max: maxBytes }));
      if (mine > BODY_BYTES_PER_ADDRESS)
        await stop(new AppError('rate_limited', 'api.bodiesFromAddress', { seconds: RETRY_S }));
      if (inFlight.bytes > BODY_BYTES_IN_FLIGHT) await stop(new AppError('busy', 'api.unavailable'));
      chunks.push(value);
    }
  }
  hold(-held);
  const out = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/** The next chunk, or why none came: the client stopped sending for `ms`, or the read failed. */
async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ms: number,
): Promise<ReadableStreamReadResult<Uint8Array> | 'stalled' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => {
    timer = setTimeout(() => resolve('stalled'), ms);
  });
  try {
    return await Promise.race([reader.read().catch(() => 'failed' as const), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

function rethrowOr(key: string) {
  return (error: unknown): never => {
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request', key);
  };
}

/** Bytes being read right now, for tests: all together, or from one address. */
export const bodyBytesInFlight = (address?: string) =>
  address === undefined ? inFlight.bytes : (inFlight.byAddress.get(address) ?? 0);

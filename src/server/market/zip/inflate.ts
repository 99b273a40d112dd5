import 'server-only';
import { Gunzip, Inflate, Unzlib } from 'fflate';

export type Format = 'deflate' | 'zlib' | 'gzip';
const STREAMS = { deflate: Inflate, zlib: Unzlib, gzip: Gunzip };

/** Input fed per step: deflate expands at most ~1032×, so one step never makes more than ~4 MB. */
const STEP = 4096;

export class InflateError extends Error {}

/**
 * Decompresses `raw`, stopping as soon as the output passes `max` bytes: fflate inflates a pushed
 * chunk whole, so feeding a bomb in one push would build all of it in memory before any check.
 * Throws InflateError('tooLarge') past `max`, InflateError('corrupt') on bad data.
 */
export function inflateCapped(raw: Uint8Array, max: number, format: Format = 'deflate'): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  const stream = new STREAMS[format]((chunk, final) => {
    size += chunk.length;
    if (size > max) throw new InflateError('tooLarge');
    chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < raw.length || at === 0; at += STEP) {
      const last = at + STEP >= raw.length;
      stream.push(raw.subarray(at, at + STEP), last);
      if (last) break;
    }
  } catch (error) {
    throw error instanceof InflateError ? error : new InflateError('corrupt');
  }
  if (!ended) throw new InflateError('corrupt');
  const out = new Uint8Array(size);
  let p = 0;
  for (const c of chunks) {
    out.set(c, p);
    p += c.length;
  }
  return out;
}

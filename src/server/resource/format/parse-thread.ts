/** The collection parser's thread (parse-off-loop.ts): a hostile answer never holds the event loop. */
import 'server-only';
import { serveJobs } from '../../threads/serve';
import { parseCollection } from './parse';
import type { ParseAnswer } from './parse-off-loop';
import { CollectionError } from './types';

serveJobs<string | Uint8Array, ParseAnswer>(async (body) => {
  try {
    const text = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    return { result: { page: parseCollection(text) } };
  } catch (error) {
    if (!(error instanceof CollectionError)) throw error;
    const detail = error.message.slice(error.reason.length + 2);
    return { result: { failure: error.reason, detail } };
  }
});

import 'server-only';
import { Worker } from 'node:worker_threads';
import { OffLoop } from '../../threads/off-loop';
import { type Collection, CollectionError, type CollectionFailure } from './types';

/** The thread's answer: the page, or the collector's reason for refusing it. */
export type ParseAnswer = { page: Collection } | { failure: CollectionFailure; detail: string };

/**
 * Station answers are parsed on their own thread: a station (a probe's address is anyone's) can
 * answer megabytes shaped to cost the XML and JSON readers seconds of CPU, which on the event loop
 * would hold every other request of this node for as long.
 */
const parses = new OffLoop<string | Uint8Array, ParseAnswer>(
  {
    bundled: () => new Worker(new URL('./parse-thread.ts', import.meta.url)),
    source: { beside: import.meta.url, file: 'parse-thread.ts' },
  },
  { name: 'collection parse', stalledMs: 60_000 },
);

/** `parseCollection` on the parse thread, failing with the same `CollectionError`. */
export async function parseCollectionOffLoop(body: string | Uint8Array): Promise<Collection> {
  const answer = await parses.run(body);
  if ('page' in answer) return answer.page;
  throw new CollectionError(answer.failure, answer.detail);
}

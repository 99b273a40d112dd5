import 'server-only';
import { Worker } from 'node:worker_threads';
import { OffLoop } from '../../threads/off-loop';
import type { ReleaseStatics } from './release-statics';

/**
 * Reading a release's static files unpacks up to 60 MB and hashes it: a second or more of CPU
 * for a full package, once per release (when it is published, or at the first check after it
 * when that failed). On the event loop it would hold every request of the node meanwhile.
 */
const reader = new OffLoop<Uint8Array, ReleaseStatics>(
  {
    bundled: () => new Worker(new URL('./statics-thread.ts', import.meta.url)),
    source: { beside: import.meta.url, file: 'statics-thread.ts' },
  },
  { name: 'release reader', stalledMs: 60_000 },
);

/** `readReleaseStatics` on its thread; the bytes are copied to it. */
export const readReleaseStaticsOffLoop = (bytes: Uint8Array) => reader.run(bytes);

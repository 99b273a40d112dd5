import 'server-only';
import { Worker } from 'node:worker_threads';
import { OffLoop } from '../../threads/off-loop';
import type { ReleaseFiles } from './release-files';

/**
 * Reading a release's files unpacks up to 200 MB and hashes it: a second or more of CPU for a
 * full package, once per release (when it is published, or at the first check after it when
 * that failed). On the event loop it would hold every request of the node meanwhile.
 */
const reader = new OffLoop<Uint8Array, ReleaseFiles>(
  {
    bundled: () => new Worker(new URL('./release-thread.ts', import.meta.url)),
    source: { beside: import.meta.url, file: 'release-thread.ts' },
  },
  { name: 'release reader', stalledMs: 60_000 },
);

/** `readReleaseFiles` on its thread; the bytes are copied to it. */
export const readReleaseFilesOffLoop = (bytes: Uint8Array) => reader.run(bytes);

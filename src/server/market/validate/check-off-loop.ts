import 'server-only';
import { Worker } from 'node:worker_threads';
import type { Kind } from '@/contract/market';
import { OffLoop } from '../../threads/off-loop';
import type { CheckedPackage } from './package';

export type CheckJob = { bytes: Uint8Array; fileName: string; kind: Kind };

/**
 * Package checks run on their own thread: a scan takes up to about two seconds of CPU for the
 * largest package the limits allow, which on the event loop would hold every other request of
 * this node for as long. The scan's budget ends every check well inside `stalledMs`.
 */
const checks = new OffLoop<CheckJob, CheckedPackage>(
  {
    bundled: () => new Worker(new URL('./check-thread.ts', import.meta.url)),
    source: { beside: import.meta.url, file: 'check-thread.ts' },
  },
  { name: 'package check', stalledMs: 60_000 },
);

/** `checkPackage` on the check thread; the bytes are copied to it, the result comes back moved. */
export const checkPackageOffLoop = (
  bytes: Uint8Array,
  fileName: string,
  kind: Kind,
): Promise<CheckedPackage> => checks.run({ bytes, fileName, kind });

import 'server-only';
import { Worker } from 'node:worker_threads';
import type { Kind } from '@/contract/market';
import { onPublicChange, touches } from '../../cache/change-bus';
import { OffLoop } from '../../threads/off-loop';
import type { KnownStore } from './known-files';
import { readKnownStore } from './known-store';
import type { CheckedPackage } from './package';

/**
 * `known` names the state of the index of known releases the check must use: the thread keeps the
 * index it built under that name and asks for the stored releases again only when the name changes.
 */
export type CheckJob = { bytes: Uint8Array; fileName: string; kind: Kind; known: number };

/**
 * The index's state in this process: a change to the known releases (here, or on another node
 * through the change bus) moves it on, so the next check makes the thread read them again.
 */
let knownState = 0;
onPublicChange((changed) => {
  if (touches(changed, ['known'])) knownState++;
});

/**
 * Package checks run on their own thread: a scan takes up to about two seconds of CPU for the
 * largest package the limits allow, which on the event loop would hold every other request of
 * this node for as long. The scan's budget ends every check well inside `stalledMs`. The thread
 * asks back only for the known releases, from the database.
 */
const checks = new OffLoop<CheckJob, CheckedPackage, 'known', KnownStore>(
  {
    bundled: () => new Worker(new URL('./check-thread.ts', import.meta.url)),
    source: { beside: import.meta.url, file: 'check-thread.ts' },
  },
  { name: 'package check', stalledMs: 60_000, answer: () => readKnownStore() },
);

/** `checkPackage` on the check thread; the bytes are copied to it, the result comes back moved. */
export const checkPackageOffLoop = (
  bytes: Uint8Array,
  fileName: string,
  kind: Kind,
): Promise<CheckedPackage> => checks.run({ bytes, fileName, kind, known: knownState });

import 'server-only';
import { Worker } from 'node:worker_threads';
import type { Kind } from '@/contract/market';
import { loadOfficialLibraries, officialIndexKey } from '../../domain/official/load-official';
import { logFor } from '../../ops/log';
import { OffLoop } from '../../threads/off-loop';
import type { KnownLibrary } from './known-files';
import type { CheckedPackage } from './package';

const log = logFor('market');

export type CheckJob = { bytes: Uint8Array; fileName: string; kind: Kind };

/**
 * What the thread asks: which official release files there are now (`key`, a key that changes with
 * the release index, null when there is none), and the files themselves when it has not seen that key.
 */
export type CheckQuestion = { official: 'key' } | { official: 'files' };
export type CheckAnswer = string | null | KnownLibrary[];

/** The thread cannot read the database: the official release files come from here. */
async function answer(question: CheckQuestion): Promise<CheckAnswer> {
  if (question.official === 'files') return loadOfficialLibraries();
  try {
    return await officialIndexKey();
  } catch (error) {
    // A database that cannot say leaves the scan with the library index only: it holds more, not less.
    log.warn({ error: (error as Error).message }, 'official release files not available to the scan');
    return null;
  }
}

/**
 * Package checks run on their own thread: a scan takes up to about two seconds of CPU for the
 * largest package the limits allow, which on the event loop would hold every other request of
 * this node for as long. The scan's budget ends every check well inside `stalledMs`.
 */
const checks = new OffLoop<CheckJob, CheckedPackage, CheckQuestion, CheckAnswer>(
  {
    bundled: () => new Worker(new URL('./check-thread.ts', import.meta.url)),
    source: { beside: import.meta.url, file: 'check-thread.ts' },
  },
  { name: 'package check', stalledMs: 60_000, answer },
);

/** `checkPackage` on the check thread; the bytes are copied to it, the result comes back moved. */
export const checkPackageOffLoop = (
  bytes: Uint8Array,
  fileName: string,
  kind: Kind,
): Promise<CheckedPackage> => checks.run({ bytes, fileName, kind });

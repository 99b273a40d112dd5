import 'server-only';
import { Worker } from 'node:worker_threads';
import type { Kind } from '@/contract/market';
import { onPublicChange, touches } from '../../cache/change-bus';
import { loadOfficialLibraries, officialIndexKey } from '../../domain/official/load-official';
import { logFor } from '../../log';
import { OffLoop } from '../../threads/off-loop';
import type { KnownLibrary, KnownStore } from './known-files';
import { readKnownStore } from './known-store';
import type { CheckedPackage } from './package';

const log = logFor('market');

/**
 * `known` names the state of the index of known releases the check must use: the thread keeps the
 * index it built under that name and asks for the stored releases again only when the name changes.
 */
export type CheckJob = { bytes: Uint8Array; fileName: string; kind: Kind; known: number };

/**
 * What the thread asks: the imported library releases (`known`), which official release files there
 * are now (`key`, a key that changes with the release index, null when there is none), and the
 * official files themselves when it has not seen that key.
 */
export type CheckQuestion = { known: 'store' } | { official: 'key' } | { official: 'files' };
export type CheckAnswer = KnownStore | string | null | KnownLibrary[];

/**
 * The index's state in this process: a change to the known releases (here, or on another node
 * through the change bus) moves it on, so the next check makes the thread read them again.
 */
let knownState = 0;
onPublicChange((changed) => {
  if (touches(changed, ['known'])) knownState++;
});

/** The thread cannot read the database: the known and official release files come from here. */
async function answer(question: CheckQuestion): Promise<CheckAnswer> {
  if ('known' in question) return readKnownStore();
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
 * this node for as long. The scan's budget ends every check well inside `stalledMs`. The thread
 * asks back only for the known and official releases, from the database.
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
): Promise<CheckedPackage> => checks.run({ bytes, fileName, kind, known: knownState });

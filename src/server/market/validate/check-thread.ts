/** The package check's thread (check-off-loop.ts): a scan never holds the server's event loop. */
import 'server-only';
import { serveJobs } from '../../threads/serve';
import type { CheckJob } from './check-off-loop';
import { type KnownIndex, type KnownStore, knownIndex } from './known-files';
import { checkPackage } from './package';

/**
 * The index of known releases as last read, under the state the main thread named it by; read again
 * (asked of the main thread, which reads the database) when a job names another state. Undefined
 * when no release is imported: the scan then skips provenance.
 */
let known: { state: number; index: Promise<KnownIndex | undefined> } | undefined;

serveJobs<CheckJob, ReturnType<typeof checkPackage>, 'known', KnownStore>(async (job, ask) => {
  if (known?.state !== job.known) {
    const reading = ask('known').then((store) => (store.libraries.length ? knownIndex(store) : undefined));
    known = { state: job.known, index: reading };
    // A failed read is not kept: the next check asks again.
    reading.catch(() => {
      if (known?.index === reading) known = undefined;
    });
  }
  const index = await known.index;
  const checked = checkPackage(job.bytes, job.fileName, job.kind, index);
  return { result: checked, transfer: [checked.bytes.buffer as ArrayBuffer] };
});

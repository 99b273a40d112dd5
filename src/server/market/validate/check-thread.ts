/** The package check's thread (check-off-loop.ts): a scan never holds the server's event loop. */
import 'server-only';
import { type Ask, serveJobs } from '../../threads/serve';
import type { CheckAnswer, CheckJob, CheckQuestion } from './check-off-loop';
import { type KnownIndex, type KnownLibrary, type KnownStore, knownIndex } from './known-files';
import { checkPackage } from './package';

type Asker = Ask<CheckQuestion, CheckAnswer>;

/**
 * The imported library releases as last read, under the state the main thread named them by; read
 * again (asked of the main thread, which reads the database) when a job names another state.
 */
let known: { state: number; store: Promise<KnownStore> } | undefined;

function knownStore(job: CheckJob, ask: Asker): Promise<KnownStore> {
  if (known?.state !== job.known) {
    const store = ask({ known: 'store' }) as Promise<KnownStore>;
    known = { state: job.known, store };
    // A failed read is not kept: the next check asks again.
    store.catch(() => {
      if (known?.store === store) known = undefined;
    });
  }
  return known.store;
}

/** The official release files of the last key seen: asked of the main thread once per key, not per job. */
let official: { key: string; libraries: Promise<KnownLibrary[]> } | undefined;

async function officialFiles(ask: Asker): Promise<KnownLibrary[]> {
  const key = (await ask({ official: 'key' })) as string | null;
  if (key === null) return [];
  if (official?.key !== key) {
    const libraries = ask({ official: 'files' }) as Promise<KnownLibrary[]>;
    official = { key, libraries };
    // A failed answer is asked again by the next job rather than kept.
    libraries.catch(() => {
      if (official?.libraries === libraries) official = undefined;
    });
  }
  return official.libraries;
}

/**
 * The index the scan uses: the imported libraries and the CMS's own releases, built again only when
 * either changed; undefined when there is neither (the scan then skips provenance).
 */
let built: { store: KnownStore; official: KnownLibrary[]; index: KnownIndex | undefined } | undefined;

async function knownIndexFor(job: CheckJob, ask: Asker): Promise<KnownIndex | undefined> {
  const [store, libraries] = await Promise.all([knownStore(job, ask), officialFiles(ask)]);
  if (built?.store !== store || built.official !== libraries) {
    const all = [...store.libraries, ...libraries];
    built = { store, official: libraries, index: all.length ? knownIndex({ libraries: all }) : undefined };
  }
  return built.index;
}

serveJobs<CheckJob, ReturnType<typeof checkPackage>, CheckQuestion, CheckAnswer>(async (job, ask) => {
  const checked = checkPackage(job.bytes, job.fileName, job.kind, await knownIndexFor(job, ask));
  return { result: checked, transfer: [checked.bytes.buffer as ArrayBuffer] };
});

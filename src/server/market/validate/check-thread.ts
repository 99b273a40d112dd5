/** The package check's thread (check-off-loop.ts): a scan never holds the server's event loop. */
import { type Ask, serveJobs } from '../../threads/serve';
import type { CheckAnswer, CheckJob, CheckQuestion } from './check-off-loop';
import type { KnownLibrary } from './known-files';
import { loadKnownIndex } from './known-store';
import { checkPackage } from './package';

/** The official release files of the last key seen: asked of the main thread once per key, not per job. */
let official: { key: string; libraries: Promise<KnownLibrary[]> } | undefined;

async function officialFiles(ask: Ask<CheckQuestion, CheckAnswer>): Promise<KnownLibrary[]> {
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

serveJobs<CheckJob, ReturnType<typeof checkPackage>, CheckQuestion, CheckAnswer>(
  async ({ bytes, fileName, kind }, ask) => {
    const known = loadKnownIndex(undefined, await officialFiles(ask));
    const checked = checkPackage(bytes, fileName, kind, known);
    return { result: checked, transfer: [checked.bytes.buffer as ArrayBuffer] };
  },
);

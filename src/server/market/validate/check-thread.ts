/** The package check's thread (check-off-loop.ts): a scan never holds the server's event loop. */
import 'server-only';
import { serveJobs } from '../../threads/serve';
import type { CheckJob } from './check-off-loop';
import { loadKnownIndex } from './known-store';
import { checkPackage } from './package';

serveJobs<CheckJob, ReturnType<typeof checkPackage>>(async ({ bytes, fileName, kind }) => {
  const checked = checkPackage(bytes, fileName, kind, loadKnownIndex());
  return { result: checked, transfer: [checked.bytes.buffer as ArrayBuffer] };
});

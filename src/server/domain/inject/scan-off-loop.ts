import 'server-only';
import { Worker } from 'node:worker_threads';
import type { TargetPolicy } from '../../net/policy';
import { OffLoop } from '../../threads/off-loop';
import { officialText } from '../official/load-official';
import type { OfficialFiles } from '../official/official-files';
import type { SampleRule } from '../signatures/with-samples';
import type { ScanResult } from './scan-site';

/** What the scan thread needs to run `scanSite`: all of it data, read from the database here. */
export type ScanJob = {
  url: string;
  policy: TargetPolicy;
  seenBefore: Set<string> | null;
  samples: SampleRule[];
  byPath: OfficialFiles['byPath'];
};

/**
 * Injected-code checks run on their own thread. Reading a hostile site (a 2 MB page of inline
 * scripts, thirty 1 MB obfuscated assets, under ten profiles) takes seconds of CPU in stretches of
 * up to two seconds, which on the event loop would hold every other request of this node; anyone
 * may ask for a check of a site they built for that. Checks overlap in the thread, each ending on
 * its own deadline (CHECK_BUDGET_MS) well inside `stalledMs`. The thread asks back only for the
 * text of an official file, from the database.
 */
const scans = new OffLoop<ScanJob, ScanResult, string, string | null>(
  {
    bundled: () => new Worker(new URL('./scan-thread.ts', import.meta.url)),
    source: { beside: import.meta.url, file: 'scan-thread.ts' },
  },
  { name: 'site check', stalledMs: 60_000, answer: officialText },
);

export const scanSiteOffLoop = (job: ScanJob): Promise<ScanResult> => scans.run(job);

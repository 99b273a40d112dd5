import 'server-only';
import { Worker } from 'node:worker_threads';
import type { Locale } from '@/contract/locales';
import type { TargetPolicy } from '../../net/policy';
import { OffLoop } from '../../threads/off-loop';
import { officialText } from '../official/load-official';
import type { OfficialFiles } from '../official/official-files';
import type { SampleRule } from '../signatures/with-samples';
import type { VersionRead } from '../version/read-version';
import type { ScanResult } from './scan-site';

/** What every job of the site-check thread brings: the rules and official files, read from the database here. */
type Ground = { url: string; policy: TargetPolicy; samples: SampleRule[]; byPath: OfficialFiles['byPath'] };
/** What the scan thread needs to run `scanSite`. */
export type ScanJob = Ground & { seenBefore: Set<string> | null };
/** What it needs to run `readVersion`. */
export type VersionJob = Ground & { locale: Locale; now: number; tamperedText: string };
export type SiteJob = ({ kind: 'inject' } & ScanJob) | ({ kind: 'version' } & VersionJob);

/**
 * Injected-code checks run on their own thread. Reading a hostile site (a 2 MB page of inline
 * scripts, thirty 1 MB obfuscated assets, under ten profiles) takes seconds of CPU in stretches of
 * up to two seconds, which on the event loop would hold every other request of this node; anyone
 * may ask for a check of a site they built for that. Checks overlap in the thread, each ending on
 * its own deadline (CHECK_BUDGET_MS) well inside `stalledMs`. The thread asks back only for the
 * text of an official file, from the database.
 */
const scans = new OffLoop<SiteJob, ScanResult | VersionRead, string, string | null>(
  {
    bundled: () => new Worker(new URL('./scan-thread.ts', import.meta.url)),
    source: { beside: import.meta.url, file: 'scan-thread.ts' },
  },
  { name: 'site check', stalledMs: 60_000, answer: officialText },
);

export const scanSiteOffLoop = (job: ScanJob) => scans.run({ kind: 'inject', ...job }) as Promise<ScanResult>;

/** The version check's reading of a site (read-version.ts), on the same thread: also a hostile site's to size. */
export const readVersionOffLoop = (job: VersionJob) =>
  scans.run({ kind: 'version', ...job }) as Promise<VersionRead>;

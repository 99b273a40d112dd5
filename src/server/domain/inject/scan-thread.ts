/** The site checks' thread (scan-off-loop.ts): reading a site never holds the event loop. */
import 'server-only';
import { serveJobs } from '../../threads/serve';
import { officialFiles } from '../official/official-files';
import type { SignatureSet } from '../signatures/engine';
import { signatureSetWith } from '../signatures/with-samples';
import { readVersion, type VersionRead } from '../version/read-version';
import type { SiteJob } from './scan-off-loop';
import { type ScanResult, scanSite } from './scan-site';

/** The rules of the last samples seen: built again only when the promoted samples change. */
let rules: { key: string; set: SignatureSet } | undefined;

serveJobs<SiteJob, ScanResult | VersionRead, string, string | null>(async (job, ask) => {
  const key = JSON.stringify(job.samples);
  if (rules?.key !== key) rules = { key, set: signatureSetWith(job.samples) };
  const official = officialFiles(job.byPath, ask);
  if (job.kind === 'version') {
    const result = await readVersion({
      url: new URL(job.url),
      locale: job.locale,
      now: new Date(job.now),
      policy: job.policy,
      tamperedText: job.tamperedText,
      official,
      set: rules.set,
    });
    return { result };
  }
  const result = await scanSite({
    url: job.url,
    set: rules.set,
    official,
    policy: job.policy,
    seenBefore: job.seenBefore,
  });
  return { result };
});

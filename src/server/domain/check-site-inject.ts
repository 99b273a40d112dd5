import 'server-only';
import type { InjectInfo } from '@/contract/domain';
import type { Locale } from '@/contract/locales';
import { invalid } from '../errors';
import { checkTarget, FetchError, type TargetPolicy } from '../net/policy';
import { defaultPolicy } from '../net/safe-fetch';
import { fetchFailure, isAddressRefusal } from './fetch-failure';
import { type BrowserProgress, browserPass } from './inject/browser/browser-pass';
import { withBrowserPass } from './inject/browser/merge';
import { scanSiteOffLoop } from './inject/scan-off-loop';
import type { ScanResult } from './inject/scan-site';
import { loadOfficialVersions } from './official/load-official';
import { presentInject } from './present-inject';
import { previousHosts, recordCheck } from './record-check';
import { loadSamples } from './signatures/active-set';
import { parseTarget } from './target';
import { CHECK_BUDGET_MS } from './web-code';

/** Runs a full injected-code check of `input` and stores it (counters, list, monitoring). */
export async function checkSiteInject(args: {
  input: string;
  locale: Locale;
  now?: Date;
  policy?: TargetPolicy;
}): Promise<InjectInfo> {
  const url = parseTarget(args.input);
  const { scan, checkedAt } = await scanAndRecord(url, args.policy ?? defaultPolicy(), args.now);
  return presentInject(scan, checkedAt, args.locale);
}

/** Scans a site and stores the check (with what it loaded before, to tell what is new). */
export async function scanAndRecord(
  url: URL,
  policy: TargetPolicy,
  now?: Date,
  progress?: ScanProgress,
): Promise<{ scan: ScanResult; checkedAt: Date }> {
  const host = url.host.toLowerCase();
  const scan = await runScan(url, policy, await previousHosts(host), progress);
  const checkedAt = now ?? new Date();
  await recordCheck({ host, url: url.href, scan, now: checkedAt });
  return { scan, checkedAt };
}

/** What a scan reports while it runs: its static reading once over, and the browser's steps. */
export type ScanProgress = { staticDone: (scan: ScanResult) => void; browser: BrowserProgress };

/** Refuses an address the check may not visit, with the page's "The input address is incorrect". */
export function assertCheckable(url: URL, policy: TargetPolicy) {
  try {
    checkTarget(url, policy);
  } catch (error) {
    if (error instanceof FetchError) throw invalid('domain.badAddress');
    throw error;
  }
}

/** Scans without storing: the re-check job and the check call share it. */
export async function runScan(
  url: URL,
  policy: TargetPolicy,
  seenBefore: Set<string> | null = null,
  progress?: ScanProgress,
): Promise<ScanResult> {
  assertCheckable(url, policy);
  const deadline = Date.now() + CHECK_BUDGET_MS;
  const [samples, byPath] = await Promise.all([loadSamples(), loadOfficialVersions()]);
  // The static reading (on its thread) and the browser's visits (in the browser's processes) at once.
  const [scan, pass] = await Promise.all([
    scanSiteOffLoop({ url: url.href, policy, seenBefore, samples, byPath }).then((scan) => {
      progress?.staticDone(scan);
      return scan;
    }),
    browserPass({ url: url.href, policy, deadline, onProgress: progress?.browser }),
  ]);
  const errors = scan.profiles.map((p) => p.error);
  if (errors.every(Boolean)) {
    // Refused for every profile: the address (or a redirect it led to) is not one we may visit.
    if (errors.some(isAddressRefusal)) throw fetchFailure('private_address');
    throw fetchFailure(errors[0]!);
  }
  return withBrowserPass(scan, pass);
}

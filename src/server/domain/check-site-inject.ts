import 'server-only';
import type { InjectInfo } from '@/contract/domain';
import type { Locale } from '@/contract/locales';
import { invalid } from '../errors';
import { checkTarget, FetchError, type TargetPolicy } from '../net/policy';
import { defaultPolicy } from '../net/safe-fetch';
import { fetchFailure, isAddressRefusal } from './fetch-failure';
import { scanSiteOffLoop } from './inject/scan-off-loop';
import type { ScanResult } from './inject/scan-site';
import { loadOfficialVersions } from './official/load-official';
import { presentInject } from './present-inject';
import { previousHosts, recordCheck } from './record-check';
import { loadSamples } from './signatures/active-set';
import { parseTarget } from './target';

/** Runs a full injected-code check of `input` and stores it (counters, list, monitoring). */
export async function checkSiteInject(args: {
  input: string;
  locale: Locale;
  now?: Date;
  policy?: TargetPolicy;
}): Promise<InjectInfo> {
  const url = parseTarget(args.input);
  const scan = await runScan(
    url,
    args.policy ?? defaultPolicy(),
    await previousHosts(url.host.toLowerCase()),
  );
  const now = args.now ?? new Date();
  await recordCheck({ host: url.host.toLowerCase(), url: url.href, scan, now });
  return presentInject(scan, now, args.locale);
}

/** Scans without storing: the re-check job and the check call share it. */
export async function runScan(
  url: URL,
  policy: TargetPolicy,
  seenBefore: Set<string> | null = null,
): Promise<ScanResult> {
  try {
    checkTarget(url, policy);
  } catch (error) {
    if (error instanceof FetchError) throw invalid('domain.badAddress');
    throw error;
  }
  const [samples, byPath] = await Promise.all([loadSamples(), loadOfficialVersions()]);
  const scan = await scanSiteOffLoop({ url: url.href, policy, seenBefore, samples, byPath });
  const errors = scan.profiles.map((p) => p.error);
  if (errors.every(Boolean)) {
    // Refused for every profile: the address (or a redirect it led to) is not one we may visit.
    if (errors.some(isAddressRefusal)) throw fetchFailure('private_address');
    throw fetchFailure(errors[0]!);
  }
  return scan;
}

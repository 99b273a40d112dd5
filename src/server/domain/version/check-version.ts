import 'server-only';
import type { VersionInfo } from '@/contract/domain-version';
import type { Locale } from '@/contract/locales';
import { invalid } from '../../errors';
import { translate } from '../../http/translate';
import { checkTarget, FetchError, type TargetPolicy } from '../../net/policy';
import { defaultPolicy } from '../../net/safe-fetch';
import { fetchFailure } from '../fetch-failure';
import { readVersionOffLoop } from '../inject/scan-off-loop';
import { loadOfficialVersions } from '../official/load-official';
import { loadSamples } from '../signatures/active-set';
import { parseTarget } from '../target';

/**
 * Passive version check: the page and the CMS's static files are fetched once (no probes). The
 * CMS is recognised only by what runs (an inline `var maccms`, a playerconfig.js that sets
 * `MacPlayerConfig`, a home.js that defines `MAC`), never by a page quoting them; the version
 * range comes from the static files that match official release files (derived from the
 * packages), else from template build stamps; files that match none are shown with what they add.
 * The reading itself runs on the site-check thread (read-version.ts).
 */
export async function checkVersion(args: {
  input: string;
  locale: Locale;
  now?: Date;
  policy?: TargetPolicy;
}): Promise<VersionInfo> {
  const url = parseTarget(args.input);
  const policy = args.policy ?? defaultPolicy();
  try {
    checkTarget(url, policy);
  } catch (error) {
    throw error instanceof FetchError ? invalid('domain.badAddress') : error;
  }
  const [samples, byPath] = await Promise.all([loadSamples(), loadOfficialVersions()]);
  const read = await readVersionOffLoop({
    url: url.href,
    policy,
    locale: args.locale,
    now: (args.now ?? new Date()).getTime(),
    samples,
    byPath,
    tamperedText: translate(args.locale, 'domain.version.tampered'),
  });
  if ('unreachable' in read) throw fetchFailure(read.unreachable);
  return read.info;
}

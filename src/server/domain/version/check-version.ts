import 'server-only';
import type { VersionInfo } from '@/contract/domain-version';
import type { Locale } from '@/contract/locales';
import { invalid } from '../../errors';
import { checkTarget, FetchError, type TargetPolicy } from '../../net/policy';
import { defaultPolicy } from '../../net/safe-fetch';
import { fetchFailure } from '../fetch-failure';
import { CHECK_BUDGET_MS, fetchText } from '../inject/fetch-text';
import { parsePage } from '../inject/html/parse-page';
import { PROFILES } from '../inject/profiles';
import { loadOfficialFiles } from '../official/load-official';
import { loadSignatureSet } from '../signatures/active-set';
import { parseTarget } from '../target';
import { timeText, unixSeconds } from '../time';
import { buildFileFindings, present } from './build-files';
import { compareVersions, matchRange } from './compare';
import { versionData } from './records';
import { fetchStaticFiles } from './static-files';

const STAMP = /[?&]v=(\d{4}\.\d{4}\.\d{4})\b/g;

/**
 * Passive version check: the page and the CMS's static files are fetched once (no probes). The
 * CMS is recognised only by what runs (an inline `var maccms`, a playerconfig.js that sets
 * `MacPlayerConfig`, a home.js that defines `MAC`), never by a page quoting them; the version
 * range comes from the static files that match official release files (derived from the
 * packages), else from template build stamps; files that match none are shown with what they add.
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
  const headers = PROFILES[0]!.headers;
  const deadline = Date.now() + CHECK_BUDGET_MS;
  const page = await fetchText(url.href, headers, { maxBytes: 2_000_000, policy, deadline });
  if (!page.ok) throw fetchFailure(page.error);
  const origin = new URL(page.page.finalUrl).origin;
  const official = await loadOfficialFiles();
  const files = await fetchStaticFiles({ origin, headers, policy, deadline, official });
  const facts = parsePage(page.page.text, page.page.finalUrl);
  const code = (path: string) => files.find((f) => f.path.endsWith(path))?.text ?? '';
  const evidence = [
    ...(facts.cmsVar ? ['var maccms'] : []),
    ...(/MacPlayerConfig\s*(?:=|\.\w+\s*=)/.test(code('/playerconfig.js')) ? ['MacPlayerConfig'] : []),
    ...(/\bvar\s+MAC\s*=\s*\{/.test(code('/home.js')) ? ['var MAC='] : []),
  ];
  const isCms = evidence.length > 0;
  const { vulns } = versionData();

  let candidates: string[] | null = null;
  let hashed = 0;
  for (const f of files) {
    if (f.check.status !== 'official') continue;
    hashed++;
    const known = f.check.versions;
    candidates = candidates ? candidates.filter((v) => known.includes(v)) : [...known];
  }
  let confidence: VersionInfo['confidence'] = null;
  if (candidates?.length) confidence = hashed >= 2 ? 'high' : 'medium';
  else {
    candidates = [...new Set([...facts.live.matchAll(STAMP)].map((m) => m[1]!))];
    if (candidates.length) confidence = candidates.length === 1 ? 'medium' : 'low';
  }
  const sorted = [...candidates].sort(compareVersions);
  const from = sorted[0] ?? null;
  const to = sorted.at(-1) ?? null;

  const byVersion: VersionInfo['vulnerabilities'] =
    from && to
      ? vulns
          .filter((r) => !r.files)
          .flatMap((r) => {
            const match = matchRange(r, from, to);
            return match ? [{ ...present(r, args.locale), match, files: [] }] : [];
          })
      : [];
  const byFiles = isCms
    ? buildFileFindings({ files, records: vulns, set: await loadSignatureSet(), locale: args.locale })
    : [];
  const staticFiles = files.map((f) => f.check);
  const vulnerabilities = [...byFiles, ...byVersion];
  const now = args.now ?? new Date();
  return {
    url: url.href,
    domain: url.host,
    is_cms: isCms,
    evidence,
    version_from: from,
    version_to: to,
    confidence,
    static_files: staticFiles,
    verdict: !isCms
      ? 'not_cms'
      : vulnerabilities.some((v) => v.match === 'affected')
        ? 'affected'
        : vulnerabilities.length
          ? 'possibly_affected'
          : !from
            ? 'unknown'
            : 'safe',
    vulnerabilities,
    check_time: unixSeconds(now),
    check_time_text: timeText(now),
  };
}

import 'server-only';
import { createHash } from 'node:crypto';
import type { VersionInfo } from '@/contract/domain-version';
import type { Locale } from '@/contract/locales';
import { invalid } from '../../http/errors';
import { checkTarget, FetchError, type TargetPolicy } from '../../net/policy';
import { defaultPolicy } from '../../net/safe-fetch';
import { fetchFailure } from '../fetch-failure';
import { CMS_SCRIPTS } from '../inject/extract';
import { CHECK_BUDGET_MS, fetchText } from '../inject/fetch-text';
import { PROFILES } from '../inject/profiles';
import { loadSignatureSet } from '../signatures/active-set';
import { parseTarget } from '../target';
import { timeText, unixSeconds } from '../time';
import { type BuildFile, buildFileFindings, present } from './build-files';
import { compareVersions, matchRange } from './compare';
import { versionData } from './records';

const MARKERS: [string, RegExp][] = [
  ['var maccms', /var\s+maccms\s*=\s*\{\s*["']path["']/],
  ['MacPlayerConfig', /MacPlayerConfig\s*[.=]/],
  ['var MAC=', /var\s+MAC\s*=\s*\{/],
];
const STAMP = /[?&]v=(\d{4}\.\d{4}\.\d{4})\b/g;

/**
 * Passive version check: the page and the CMS's static scripts are fetched once (no probes),
 * the CMS recognised by its markers, the version estimated from file-hash fingerprints (high
 * confidence) or template build stamps (medium), and matched against the vulnerability records;
 * the static files themselves are checked against known backdoored builds and for injected code.
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
  const files: BuildFile[] = [];
  await Promise.all(
    CMS_SCRIPTS.map(async (path) => {
      const got = await fetchText(`${origin}${path}`, headers, { maxBytes: 1_000_000, policy, deadline });
      if (!got.ok || got.page.status >= 400) return;
      const sha256 = createHash('sha256').update(got.page.body).digest('hex');
      files.push({ path, sha256, text: got.page.text });
    }),
  );
  const texts = [page.page.text, ...files.map((f) => f.text)];
  const evidence = MARKERS.filter(([, re]) => texts.some((t) => re.test(t))).map(([name]) => name);
  const isCms = evidence.length > 0;
  const { vulns, fingerprints } = versionData();

  let candidates: string[] | null = null;
  let hashed = 0;
  for (const f of files) {
    const known = fingerprints[f.path]?.[f.sha256];
    if (!known) continue;
    hashed++;
    candidates = candidates ? candidates.filter((v) => known.includes(v)) : [...known];
  }
  let confidence: VersionInfo['confidence'] = null;
  if (candidates?.length) confidence = hashed >= 2 ? 'high' : 'medium';
  else {
    candidates = [...new Set([...page.page.text.matchAll(STAMP)].map((m) => m[1]!))];
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

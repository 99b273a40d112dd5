import 'server-only';
import type { VersionInfo } from '@/contract/domain-version';
import type { Locale } from '@/contract/locales';
import type { TargetPolicy } from '../../net/policy';
import type { OfficialFiles } from '../official/official-files';
import type { SignatureSet } from '../signatures/engine';
import { timeText, unixSeconds } from '../time';
import { CHECK_BUDGET_MS, fetchText, PROFILES, parsePage } from '../web-code';
import { buildFileFindings, present } from './build-files';
import { compareVersions, matchRange } from './compare';
import { versionData } from './records';
import { fetchStaticFiles } from './static-files';

const STAMP = /[?&]v=(\d{4}\.\d{4}\.\d{4})\b/g;

/** What a version check finds, or why the site could not be read (a fetch failure's reason). */
export type VersionRead = { info: VersionInfo } | { unreachable: string };

/**
 * The version check's reading of a site (check-version.ts), run on the site-check thread: the
 * page and the CMS's static files are fetched once, parsed, hashed and scanned, all of it CPU a
 * hostile site can make large. The official files and rules come as data.
 */
export async function readVersion(args: {
  url: URL;
  locale: Locale;
  now: Date;
  policy: TargetPolicy;
  official: OfficialFiles;
  set: SignatureSet;
  /** Translated on the main thread (the translator needs React's client build). */
  tamperedText: string;
}): Promise<VersionRead> {
  const { url, policy, official } = args;
  const headers = PROFILES[0]!.headers;
  const deadline = Date.now() + CHECK_BUDGET_MS;
  const page = await fetchText(url.href, headers, { maxBytes: 2_000_000, policy, deadline });
  if (!page.ok) return { unreachable: page.error };
  const origin = new URL(page.page.finalUrl).origin;
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
    ? buildFileFindings({
        files,
        records: vulns,
        set: args.set,
        locale: args.locale,
        tamperedText: args.tamperedText,
      })
    : [];
  const staticFiles = files.map((f) => f.check);
  const vulnerabilities = [...byFiles, ...byVersion];
  const { now } = args;
  const info: VersionInfo = {
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
  return { info };
}

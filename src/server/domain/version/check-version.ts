import 'server-only';
import { createHash } from 'node:crypto';
import type { VersionInfo } from '@/contract/domain-version';
import type { Locale } from '@/contract/locales';
import { invalid } from '../../http/errors';
import { checkTarget, FetchError, type TargetPolicy } from '../../net/policy';
import { defaultPolicy } from '../../net/safe-fetch';
import { fetchFailure } from '../fetch-failure';
import { CMS_SCRIPTS } from '../inject/extract';
import { fetchText } from '../inject/fetch-text';
import { PROFILES } from '../inject/profiles';
import { parseTarget } from '../target';
import { timeText, unixSeconds } from '../time';
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
 * confidence) or template build stamps (medium), and matched against the vulnerability records.
 */
export async function checkVersion(args: {
  input: string;
  locale: Locale;
  now?: Date;
  policy?: TargetPolicy;
}) {
  const url = parseTarget(args.input);
  const policy = args.policy ?? defaultPolicy();
  try {
    checkTarget(url, policy);
  } catch (error) {
    throw error instanceof FetchError ? invalid('domain.badAddress') : error;
  }
  const headers = PROFILES[0]!.headers;
  const page = await fetchText(url.href, headers, { maxBytes: 2_000_000, policy });
  if (!page.ok) throw fetchFailure(page.error);
  const origin = new URL(page.page.finalUrl).origin;
  const files = await Promise.all(
    CMS_SCRIPTS.map(async (p) => ({
      path: p,
      got: await fetchText(`${origin}${p}`, headers, { maxBytes: 1_000_000, policy }),
    })),
  );
  const texts = [
    page.page.text,
    ...files.map((f) => (f.got.ok && f.got.page.status < 400 ? f.got.page.text : '')),
  ];
  const evidence = MARKERS.filter(([, re]) => texts.some((t) => re.test(t))).map(([name]) => name);
  const { vulns, fingerprints } = versionData();
  let candidates: string[] | null = null;
  let hashed = 0;
  for (const f of files) {
    if (!f.got.ok || f.got.page.status >= 400) continue;
    const known = fingerprints[f.path]?.[createHash('sha256').update(f.got.page.body).digest('hex')];
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
  const matches =
    from && to
      ? vulns.flatMap((r) => {
          const m = matchRange(r, from, to);
          return m ? [{ r, m }] : [];
        })
      : [];
  const isCms = evidence.length > 0;
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
      : !from
        ? 'unknown'
        : matches.some((x) => x.m === 'affected')
          ? 'affected'
          : matches.length
            ? 'possibly_affected'
            : 'safe',
    vulnerabilities: matches.map(({ r, m }) => ({
      id: r.id,
      aliases: r.aliases,
      summary: r.summary[args.locale === 'en-us' ? 'en-us' : 'zh-cn'],
      severity: r.severity,
      introduced: r.introduced,
      fixed: r.fixed,
      last_affected: r.last_affected,
      match: m,
    })),
    check_time: unixSeconds(now),
    check_time_text: timeText(now),
  } satisfies VersionInfo;
}

import 'server-only';
import type { InjectInfo } from '@/contract/domain';
import type { Locale } from '@/contract/locales';
import { translate } from '../http/translate';
import type { Cut } from './inject/coverage';
import type { ScanResult } from './inject/scan-site';
import { timeText, unixSeconds } from './time';
import type { Signal } from './web-code';

/** Profile names in the caller's language, for sentences (`mobile+baidu` → "Mobile browser from Baidu"). */
export const profileWords = (locale: Locale, names: string) =>
  names
    .split(', ')
    .filter(Boolean)
    .map((n) =>
      translate(locale, `domain.profile.${n.replace(/[+-](\w)/g, (_, c: string) => c.toUpperCase())}`),
    )
    .join(translate(locale, 'domain.result.separator'));

export function signalText(locale: Locale, s: Signal): string {
  const params = { ...s.params };
  if (params.seen) params.seen = profileWords(locale, params.seen);
  if (params.missing) params.missing = profileWords(locale, params.missing);
  if (params.category) params.category = translate(locale, `domain.termCategory.${params.category}`);
  if (s.id === 'hiddenAddress' && params.how) params.how = hidingWords(locale, params.how);
  if (s.id === 'gated' && params.by) params.by = listWords(locale, 'domain.gate', params.by);
  if (s.id === 'browserNavigated' && params.how)
    params.how = listWords(locale, 'domain.redirectKind', params.how);
  if (s.id === 'browserHiddenPromo' && params.why)
    params.why = listWords(locale, 'domain.hiddenWhy', params.why);
  return translate(locale, `domain.signal.${s.id}`, params);
}

/** A list of names in words (`userAgent, time` → "the browser, the time of day"); unknown names stay. */
function listWords(locale: Locale, prefix: string, names: string): string {
  return names
    .split(', ')
    .map((name) => {
      const key = `${prefix}.${name}`;
      const word = translate(locale, key);
      return word === key ? name : word;
    })
    .join(translate(locale, 'domain.result.separator'));
}

/** How an address was hidden, in words; code names (`atob`, `fromCharCode`) stay as written. */
const hidingWords = (locale: Locale, how: string) => listWords(locale, 'domain.hiding', how);

/**
 * A check that ran without a browser because the server has none says so beside its limits; it is
 * not cut short by that (its static pass is whole), so it leaves the status and the repair count
 * alone. A browser switched off on purpose (INJECT_BROWSER=off) is the operator's choice, said in
 * the stored result only.
 */
function browserNote(scan: ScanResult): Cut[] {
  return scan.browser?.state === 'unavailable'
    ? [{ what: 'browser', url: scan.url, detail: 'unavailable', profiles: [] }]
    : [];
}

/** What the page and API clients read of one check: the findings with their reasons and evidence. */
export function presentInject(scan: ScanResult, checkedAt: Date, locale: Locale): InjectInfo {
  const url = new URL(scan.url);
  const time = unixSeconds(checkedAt);
  const text = timeText(checkedAt);
  return {
    url: scan.url,
    domain: url.host,
    injected: scan.status === 'injected',
    status: scan.status,
    limits: [...scan.cuts, ...browserNote(scan)].map((c) => ({
      what: c.what,
      url: c.url,
      detail: c.detail,
      profiles: c.profiles.join(', '),
      text: translate(
        locale,
        c.what === 'browser' ? `domain.limit.browser.${c.detail}` : `domain.limit.${c.what}`,
        {
          url: c.url,
          detail:
            c.what === 'page' || c.what === 'script' ? `${Math.round(Number(c.detail) / 1e6)} MB` : c.detail,
          profiles: profileWords(locale, c.profiles.join(', ')),
        },
      ),
    })),
    findings: scan.findings.map((f) => ({
      signature_id: f.signatureId,
      title: f.title.startsWith('domain.') ? translate(locale, f.title) : f.title,
      severity: f.severity,
      content: f.content,
      where: f.where,
      line: f.line,
      offset: f.offset,
      asset_url: f.assetUrl,
      profile: f.profiles.join(', '),
      not_seen_by: f.notSeenBy.join(', '),
      signals: f.signals.map((s) => ({ id: s.id, weight: s.weight, text: signalText(locale, s) })),
      decoded_url: f.decodedUrl,
      added_code: f.addedCode,
      nearest_official: f.nearestOfficial,
      request_headers: f.requestHeaders,
      response_headers: f.responseHeaders,
      detect_time: time,
      detect_time_text: text,
    })),
    redirects: scan.redirects,
    profiles: scan.profiles,
    assets_scanned: scan.assetsScanned,
    check_time: time,
    check_time_text: text,
  };
}

import 'server-only';
import type { InjectInfo } from '@/contract/domain';
import type { Locale } from '@/contract/locales';
import { translate } from '../http/translate';
import type { ScanResult } from './inject/scan-site';
import { timeText, unixSeconds } from './time';

/** What the page and API clients read of one check: the findings with their evidence. */
export function presentInject(scan: ScanResult, checkedAt: Date, locale: Locale): InjectInfo {
  const url = new URL(scan.url);
  const time = unixSeconds(checkedAt);
  const text = timeText(checkedAt);
  return {
    url: scan.url,
    domain: url.host,
    injected: scan.findings.length > 0,
    findings: scan.findings.map((f) => ({
      signature_id: f.signatureId,
      title: translate(locale, f.title),
      severity: f.severity,
      content: f.content,
      where: f.where,
      line: f.line,
      offset: f.offset,
      asset_url: f.assetUrl,
      profile: f.profiles.join(', '),
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

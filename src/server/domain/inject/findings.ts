import type { Severity } from '@/contract/domain';
import { INDICATOR_HOSTS } from '../signatures/builtin';
import type { Match } from '../signatures/types';
import type { Fetched } from './fetch-text';

export type RawFinding = {
  signatureId: string;
  title: string;
  severity: Severity;
  content: string;
  where: string;
  line: number;
  offset: number;
  assetUrl: string;
  profiles: string[];
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
};

/** Findings of one scan, one per rule and asset; a second profile seeing it is added to the first. */
export class FindingList {
  private readonly byKey = new Map<string, RawFinding>();

  add(finding: Omit<RawFinding, 'profiles'>, profile: string) {
    const key = `${finding.signatureId}|${finding.assetUrl}|${finding.content}`;
    const existing = this.byKey.get(key);
    if (existing) {
      if (!existing.profiles.includes(profile)) existing.profiles.push(profile);
      return;
    }
    this.byKey.set(key, { ...finding, profiles: [profile] });
  }

  addMatch(match: Match, fetched: Fetched, where: string, profile: string) {
    this.add(
      {
        signatureId: match.signature.id,
        title: match.signature.title,
        severity: match.signature.severity,
        content: match.snippet,
        where: match.decoded ? `${where}:decoded` : where,
        line: match.line,
        offset: match.offset,
        assetUrl: fetched.finalUrl,
        requestHeaders: fetched.requestHeaders,
        responseHeaders: fetched.headers,
      },
      profile,
    );
  }

  list(): RawFinding[] {
    const rank = { high: 0, medium: 1, low: 2 };
    return [...this.byKey.values()].sort((a, b) => rank[a.severity] - rank[b.severity]);
  }
}

/** The indicator host `url` points at, if any (the host itself or one of its subdomains). */
export function indicatorHostOf(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  return INDICATOR_HOSTS.find((h) => host === h || host.endsWith(`.${h}`)) ?? null;
}

import 'server-only';
import type { Severity } from '@/contract/domain';
import type { Match } from '../signatures/types';
import type { Signal } from './signals/types';

export type RawFinding = {
  signatureId: string;
  /** A translation key (`domain.sig.*`), or a promoted sample's own title. */
  title: string;
  severity: Severity;
  content: string;
  where: string;
  line: number;
  offset: number;
  assetUrl: string;
  profiles: string[];
  /** For what only some visitors get: the profiles checked that did not get it. */
  notSeenBy: string[];
  /** Why: each signal with its weight and the facts it rests on. */
  signals: Signal[];
  /** The address as the browser resolves it (decoded, when it was hidden). */
  decodedUrl: string;
  /** For a tampered static file: what it adds to the nearest official file, and that file's versions. */
  addedCode: string;
  nearestOfficial: string;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
};

type Evidence = { finalUrl: string; requestHeaders: Record<string, string>; headers: Record<string, string> };

const RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** Findings of one scan, one per rule and place; a second profile seeing it is added to the first. */
export class FindingList {
  private readonly byKey = new Map<string, RawFinding>();

  add(finding: Omit<RawFinding, 'profiles'> & { profiles?: string[] }, profile?: string) {
    const key = `${finding.signatureId}|${finding.assetUrl}|${finding.decodedUrl || finding.content}`;
    const profiles = [...(finding.profiles ?? []), ...(profile ? [profile] : [])];
    const existing = this.byKey.get(key);
    if (existing) {
      for (const p of profiles) if (!existing.profiles.includes(p)) existing.profiles.push(p);
      if (RANK[finding.severity] < RANK[existing.severity]) existing.severity = finding.severity;
      return;
    }
    this.byKey.set(key, { ...finding, profiles: [...new Set(profiles)] });
  }

  /** A signature match: its rule is the reason. */
  addMatch(match: Match, source: Evidence, where: string, profile: string) {
    this.add(
      {
        signatureId: match.signature.id,
        title: match.signature.title,
        severity: match.signature.severity,
        content: match.snippet,
        where: match.decoded ? `${where}:decoded` : where,
        line: match.line,
        offset: match.offset,
        assetUrl: source.finalUrl,
        notSeenBy: [],
        signals: [{ id: 'signature', weight: 6, params: { rule: match.signature.id } }],
        decodedUrl: '',
        addedCode: '',
        nearestOfficial: '',
        requestHeaders: source.requestHeaders,
        responseHeaders: source.headers,
      },
      profile,
    );
  }

  list(): RawFinding[] {
    return [...this.byKey.values()].sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  }
}

/**
 * The fields of a finding in a page's own HTML: where it sits, and the exchange that brought the page.
 */
export const inPageHtml = (page: Evidence & { text: string }, offset: number) => ({
  where: 'html',
  line: lineOf(page.text, offset),
  offset,
  assetUrl: page.finalUrl,
  decodedUrl: '',
  addedCode: '',
  nearestOfficial: '',
  requestHeaders: page.requestHeaders,
  responseHeaders: page.headers,
});

/** Line number (1-based) of `offset` in `text`. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * What a page's code does that is a finding by itself, with no address to judge: a `message`
 * listener that sends the page wherever it is told (script/events.ts). Found in the page as each
 * profile got it, and in the scripts it loads.
 */
import 'server-only';
import type { ReadDoc } from './documents';
import type { Fetched } from './fetch-text';
import { FindingList, lineOf, type RawFinding } from './findings';
import { type Signal, scoreOf, severityOf } from './signals/types';

export type Trait = { id: 'messageNavigate'; offset: number; evidence: string };

/** Where traits were found: a document read, the exchange that brought it, and who got it. */
export type TraitSource = {
  traits: Trait[];
  where: 'html' | 'script';
  text: string;
  finalUrl: string;
  requestHeaders: Record<string, string>;
  headers: Record<string, string>;
  profile: string;
};

/** The traits of a document read, with the exchange that brought it and the profile that got it. */
export const traitSource = (
  read: ReadDoc,
  from: Fetched,
  where: TraitSource['where'],
  profile: string,
): TraitSource => ({
  traits: read.doc.traits,
  where,
  text: from.text,
  finalUrl: from.finalUrl,
  requestHeaders: from.requestHeaders,
  headers: from.headers,
  profile,
});

const SIGNALS: Record<Trait['id'], Signal[]> = {
  messageNavigate: [{ id: 'messageNavigate', weight: 4 }],
};
const TITLES: Record<Trait['id'], string> = { messageNavigate: 'domain.sig.messageNavigate' };
const IDS: Record<Trait['id'], string> = { messageNavigate: 'script.message-navigate' };

/** One finding per trait and place, with every profile that got it. */
export function traitFindings(sources: TraitSource[]): RawFinding[] {
  const list = new FindingList();
  for (const s of sources) {
    for (const t of s.traits) {
      list.add(
        {
          signatureId: IDS[t.id],
          title: TITLES[t.id],
          severity: severityOf(scoreOf(SIGNALS[t.id])) ?? 'low',
          content: t.evidence,
          where: s.where,
          line: lineOf(s.text, t.offset),
          offset: t.offset,
          assetUrl: s.finalUrl,
          notSeenBy: [],
          signals: SIGNALS[t.id],
          decodedUrl: '',
          addedCode: '',
          nearestOfficial: '',
          requestHeaders: s.requestHeaders,
          responseHeaders: s.headers,
        },
        s.profile,
      );
    }
  }
  return list.list();
}

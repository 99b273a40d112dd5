/**
 * Title hijacking: the title, keywords and description search engines show carry gambling, adult
 * or lottery words, and either a script puts the real title back for visitors as the page loads,
 * or only some visitors (spiders) get them (a cloaking key, confirmed like the others).
 */

import 'server-only';
import {
  chineseTerm,
  type FetchOutcome,
  inPageHtml,
  type Profile,
  type RawFinding,
  type ReadDoc,
  type Signal,
  scoreOf,
  severityOf,
} from '../web-code';
import type { Candidate } from './cloak';

type View = { profile: Profile; outcome: FetchOutcome; read: ReadDoc | null };

/** The first such word in what search engines show of a page. */
const termOf = (read: ReadDoc | null) => (read ? chineseTerm(read.doc.seo.text) : null);

/** The cloaking key of a page whose title and descriptions carry such words. */
export function titleKey(read: ReadDoc | null): string | null {
  const term = termOf(read);
  return term ? `title:${term.category}` : null;
}

/** One finding per distinct hijacked title, with the profiles that got it. */
export function titleFindings(views: View[], confirmed: Candidate[], cloakSignal: (c: Candidate) => Signal) {
  const out: RawFinding[] = [];
  const cloaked = confirmed.find((c) => c.scope === 'page' && c.key.startsWith('title:'));
  for (const view of views) {
    const term = termOf(view.read);
    if (!term || !view.read || !view.outcome.ok) continue;
    const { seo } = view.read.doc;
    // A title without the words, set as the page loads: what visitors see instead.
    const restored = seo.titles.find((t) => t.trim() && !chineseTerm(t));
    const cloak = cloaked?.seen.includes(view.profile.name) ? cloaked : undefined;
    if (!restored && !cloak) continue;
    const signals: Signal[] = [
      { id: 'titleTerms', weight: 4, params: term },
      ...(restored ? [{ id: 'titleRestored', weight: 2, params: { title: restored.slice(0, 80) } }] : []),
      ...(cloak ? [cloakSignal(cloak)] : []),
    ];
    const severity = severityOf(scoreOf(signals));
    const had = out.find((f) => f.content === seo.text.trim().slice(0, 300));
    if (had) {
      had.profiles.push(view.profile.name);
      continue;
    }
    if (!severity) continue;
    out.push({
      signatureId: cloak ? 'cloak.title' : 'seo.title',
      title: cloak ? 'domain.sig.cloakedTitle' : 'domain.sig.hijackedTitle',
      severity,
      content: seo.text.trim().slice(0, 300),
      ...inPageHtml(view.outcome.page, seo.start),
      profiles: [view.profile.name],
      notSeenBy: cloak?.missing ?? [],
      signals,
    });
  }
  return out;
}

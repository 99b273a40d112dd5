import 'server-only';
import type { PageLink } from './html/parse-page';
import { hostSignals, registrable, type SiteContext } from './signals/host';
import { chineseTerm, termInLabel } from './signals/terms';
import type { Signal } from './signals/types';

/** Distinct other sites a hidden block must link to: fewer with gambling words in it. */
const FARM_SITES = 5;
export const FARM_SITES_WITH_TERMS = 3;

export type LinkFarm = { links: PageLink[]; signals: Signal[] };

/** Links to other sites that are not widely used services: what a link farm is made of. */
export function foreignLinks(links: PageLink[], site: SiteContext, own: (url: URL) => boolean): PageLink[] {
  return links.filter((l) => {
    const url = new URL(l.url);
    if (own(url)) return false;
    return !hostSignals(url, { ...site, seenBefore: null }).some((s) => s.weight < 0);
  });
}

/** The hidden links of one page, as a link farm when enough other sites are behind them. */
export function hiddenLinkFarm(foreign: PageLink[]): LinkFarm | null {
  const hidden = foreign.filter((l) => l.hidden);
  const found = farm(hidden, [{ id: 'hiddenLinks', weight: 4, params: { count: String(sites(hidden)) } }]);
  if (found) return found;
  // Links a script writes for search spiders only: what no visitor sees, whatever its words.
  const forSpiders = foreign.filter((l) => l.forSpiders);
  const spiderFarm = farm(forSpiders, [
    { id: 'spiderLinks', weight: 4, params: { count: String(sites(forSpiders)) } },
  ]);
  if (spiderFarm) return spiderFarm;
  // Links a script writes only after another visitor test: a partner block kept off phones looks
  // the same, so only with gambling or adult words.
  if (foreign.some((l) => l.gated)) {
    const written = foreign.filter((l) => l.hidden || l.gated);
    const signals = [{ id: 'gatedLinks', weight: 4, params: { count: String(sites(written)) } }];
    const gated = farm(written, signals, FARM_SITES_WITH_TERMS, true);
    if (gated) return gated;
  }
  if (!foreign.some((l) => l.offscreen)) return null;
  // Links only moved off-screen by a transform (a carousel's next slide does that too): a farm
  // only when their words are gambling or adult ones.
  const moved = foreign.filter((l) => l.hidden || l.offscreen);
  const signals = [{ id: 'hiddenLinks', weight: 4, params: { count: String(sites(moved)) } }];
  return farm(moved, signals, FARM_SITES_WITH_TERMS, true);
}

/** Links some visitors get and the desktop browser does not (confirmed), as a block. */
export function cloakedLinkFarm(links: PageLink[], cloak: Signal): LinkFarm | null {
  return farm(
    links,
    [cloak, { id: 'linkBlock', weight: 2, params: { count: String(sites(links)) } }],
    FARM_SITES_WITH_TERMS,
  );
}

const sites = (links: PageLink[]) => new Set(links.map((l) => registrable(new URL(l.url).hostname))).size;

function farm(links: PageLink[], base: Signal[], least = FARM_SITES, needTerm = false): LinkFarm | null {
  const count = sites(links);
  const term = links
    .map((l) => chineseTerm(l.text) ?? termInLabel(new URL(l.url).hostname.split('.').slice(-2, -1)[0] ?? ''))
    .find(Boolean);
  if (needTerm && !term) return null;
  if (count < (term ? FARM_SITES_WITH_TERMS : least)) return null;
  const signals = [...base];
  if (term) signals.push({ id: 'linkTerms', weight: 2, params: term });
  return { links, signals };
}

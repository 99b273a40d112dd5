import 'server-only';
import { PROFILES } from '../web-code';

/** What one profile got in one scope (the page, or one script): the keys of its loads and links. */
export type ScopeView = {
  profile: string;
  /** Cloakable things: other sites' scripts, frames, redirects and links (`script:host`, `nav:domain`). */
  keys: Set<string>;
  /** Everything it loads, the site's own files included: tells a different template from an injection. */
  all: Set<string>;
};

export type Candidate = { scope: string; key: string; seen: string[]; missing: string[] };

const FEATURES: Record<string, string[]> = {
  desktop: [],
  'desktop+baidu': ['referer'],
  mobile: ['mobile'],
  'mobile+baidu': ['mobile', 'referer'],
  baiduspider: ['spider', 'baidu'],
  'baiduspider-mobile': ['spider', 'baidu', 'mobile'],
  googlebot: ['spider', 'google'],
  sogou: ['spider', 'sogou'],
  '360spider': ['spider', 's360'],
  bytespider: ['spider', 'byte'],
};
const NAMES = PROFILES.map((p) => p.name);
const MOBILE_DEVICES = new Set(['mobile', 'mobile+baidu', 'baiduspider-mobile']);

/**
 * Sets of profiles a server can single out by what it sees of the visitor (spider or not, phone
 * or not, a search referrer, one search engine's spiders, one profile), alone, combined or
 * either-or. What differs between loads at random (advert rotation) rarely forms such a set.
 */
const PREDICATES: Set<string>[] = (() => {
  const features = [...new Set(Object.values(FEATURES).flat())];
  const literals = features.flatMap((f) => [
    (n: string) => FEATURES[n]!.includes(f),
    (n: string) => !FEATURES[n]!.includes(f),
  ]);
  const sets: Set<string>[] = NAMES.map((n) => new Set([n]));
  const of = (test: (n: string) => boolean) => new Set(NAMES.filter(test));
  for (const [i, a] of literals.entries()) {
    sets.push(of(a));
    for (const b of literals.slice(i + 1)) {
      sets.push(of((n) => a(n) && b(n)));
      sets.push(of((n) => a(n) || b(n)));
    }
  }
  return sets;
})();

/** Whether exactly the profiles that saw something, among those checked, are such a set. */
export function explainable(seen: string[], checked: string[]): boolean {
  const want = new Set(seen);
  return PREDICATES.some((set) => checked.every((n) => set.has(n) === want.has(n)));
}

/**
 * Keys some profiles got and the plain desktop browser (the site owner's view) did not, in one
 * scope, forming a set a server could single out. Loads that only desktop browsers get (adverts
 * withheld from spiders) are not cloaking. A phone that gets a different template is not either:
 * when the phone's page shares less than half of its loads with the desktop page, its extra
 * loads are judged on their own signals.
 */
export function cloakCandidates(scope: string, views: ScopeView[]): Candidate[] {
  const desktop = views.find((v) => v.profile === 'desktop');
  if (!desktop) return [];
  const checked = views.map((v) => v.profile);
  const keys = new Set(views.flatMap((v) => [...v.keys]));
  const out: Candidate[] = [];
  for (const key of keys) {
    if (desktop.keys.has(key)) continue;
    const seen = views.filter((v) => v.keys.has(key));
    if (
      !explainable(
        seen.map((v) => v.profile),
        checked,
      )
    )
      continue;
    const phones = seen.every((v) => MOBILE_DEVICES.has(v.profile));
    if (scope === 'page' && phones && !sameTemplate(seen[0]!, desktop, key)) continue;
    out.push({
      scope,
      key,
      seen: seen.map((v) => v.profile),
      missing: checked.filter((n) => !seen.some((v) => v.profile === n)),
    });
  }
  return out;
}

function sameTemplate(a: ScopeView, b: ScopeView, except: string): boolean {
  const x = [...a.all].filter((k) => !k.startsWith(except));
  const shared = x.filter((k) => b.all.has(k)).length;
  const union = new Set([...x, ...b.all]).size;
  return union === 0 || shared / union >= 0.5;
}

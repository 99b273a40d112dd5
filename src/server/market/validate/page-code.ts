import 'server-only';
import { officialDomains } from '@/server/domain/authenticity/official';
import {
  type DocFacts,
  FINDING_AT,
  foreignLinks,
  type HiddenSelectors,
  hiddenLinkFarm,
  hiddenTargets,
  hideLinksIn,
  lineOf,
  loadSignals,
  readHtml,
  readJs,
  type SiteContext,
  scoreOf,
} from '@/server/domain/web-code';
import type { Finding } from './php/context';

/** Where a theme's files are taken to be served from: loads back to it are the theme's own. */
const ORIGIN = 'https://theme.invalid/';
const OWN = new Set(['theme.invalid']);
/** Names reserved for examples and tests (RFC 2606, 6761). */
const RESERVED = /(^|\.)(example\.(com|net|org)|test|invalid|localhost|example)$/i;
/** Syntax nodes read per file: the largest library the CMS ships (a player) takes about 110,000. */
const NODES = 400_000;

/**
 * Characters of browser code read per package: under a second per million on this hardware, and a
 * theme's libraries (a player, an editor) come to a few million. Past it a person reads the rest.
 */
export const PAGE_CODE_CHARS = 6_000_000;

/**
 * What the browser code of a package (its scripts, and the markup and inline scripts of its
 * templates) loads or sends visitors to, judged as the injected-code check judges a site's pages: a
 * redirect for search visitors only, an address hidden in code, a gambling host, a frame over the
 * page, a block of links no visitor sees… Each load that check would report is held, at its line,
 * with the address it goes to, and a hidden link block at its first link.
 * `budget.chars` is what is left to read in this package; `sheets`, what the package's own
 * stylesheets hide (theme-styles.ts).
 */
export function pageCodeFindings(
  name: string,
  text: string,
  kind: 'js' | 'html',
  budget: { chars: number },
  sheets?: HiddenSelectors,
): Finding[] {
  if (text.length > budget.chars) return [{ rule: 'notScanned', line: 0 }];
  budget.chars -= text.length;
  const url = new URL(name, ORIGIN).href;
  const nodes = { nodes: NODES, cut: false };
  const site: SiteContext = { own: OWN, official: officialDomains(), seenBefore: null };
  const doc: DocFacts = kind === 'js' ? readJs(text, url, nodes) : readHtml(text, url, nodes);
  if (sheets) {
    const named = [...[...sheets.ids].map((id) => `#${id}`), ...[...sheets.classes].map((c) => `.${c}`)];
    hideLinksIn(doc, new Set([...named, ...hiddenTargets(doc.acts, sheets.classes)]));
  }
  const source = {
    url,
    profile: { name: 'theme', group: 'desktop' as const, headers: {} },
    text,
    requestHeaders: {},
    responseHeaders: {},
    scope: url,
    cmsFile: null,
    added: [],
    idioms: [],
  };
  // Code too dense to read to its end within the file's share: a person reads the rest.
  const out: Finding[] = nodes.cut ? [{ rule: 'notScanned', line: 0 }] : [];
  for (const load of doc.loads) {
    if (!elsewhere(load.url) || scoreOf(loadSignals({ load, source }, site)) < FINDING_AT) continue;
    // `fn` places the snippet on the code that loads (a minified line is long).
    const fn = load.evidence.replace(/\s+/g, ' ').trim().slice(0, 40);
    out.push({ rule: 'pageLoad', line: lineOf(text, load.offset), fn, src: load.url });
  }
  // Links no visitor sees to other sites (or written for spiders only): a theme's black links.
  const links = doc.links.filter((l) => elsewhere(l.url));
  const farm = hiddenLinkFarm(foreignLinks(links, site, () => false));
  const first = farm?.links[0];
  if (first) out.push({ rule: 'linkFarm', line: lineOf(text, first.start), fn: first.url, src: first.url });
  return out;
}

/**
 * An address on another site. One the template fills in (`http://{$maccms.site_wapurl}`) is the
 * site's own setting; names reserved for examples are a library's feature test, never a payload.
 */
function elsewhere(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (!/^https?:$/.test(url.protocol) || !/^[a-z0-9.-]+$/i.test(url.hostname)) return false;
  return !OWN.has(url.hostname) && !RESERVED.test(url.hostname);
}

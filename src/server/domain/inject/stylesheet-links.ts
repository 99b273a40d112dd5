import type { TargetPolicy } from '../../net/policy';
import { fetchText } from './fetch-text';
import { hiddenSelectors } from './html/style-rules';
import { FARM_SITES_WITH_TERMS } from './link-farm';
import type { DocFacts } from './read-document';
import { registrable } from './signals/host';

/** The site's own stylesheet files read for classes that hide links, and how much of each. */
const MAX_STYLESHEETS = 4;
const STYLESHEET_MAX = 500_000;
/** Stylesheets of widely used libraries, read last: a theme's own rules are where a block is hidden. */
const LIBRARY_SHEET =
  /(?:^|[/._-])(?:bootstrap|swiper|font-?awesome|animate|layui|iconfont|normalize|reset|dplayer|video-?js|aplayer|jquery[\w.-]*|fancybox|slick|owl\.carousel|element-ui|antd|tailwind)(?:[._-][\w.-]*)?\.css(?:[?#]|$)/i;

/**
 * Links that a class or id of the site's own stylesheet files hides (`.ft-lk{display:none}` in
 * style.css) are hidden links like those a `<style>` block hides (style-rules.ts). The files are
 * fetched only when the pages show links to enough other sites to make a block, with the headers
 * of the visitor they would be hidden from.
 */
export async function hideByStylesheets(args: {
  docs: DocFacts[];
  /** Another site's address that is not a widely used service. */
  foreign: (u: URL) => boolean;
  own: (u: URL) => boolean;
  headers: Record<string, string>;
  policy?: TargetPolicy;
  deadline: number;
}): Promise<void> {
  const shown = args.docs.flatMap((d) =>
    d.links.filter((l) => !l.hidden && (l.classes || l.ids) && args.foreign(new URL(l.url))),
  );
  if (new Set(shown.map((l) => registrable(new URL(l.url).hostname))).size < FARM_SITES_WITH_TERMS) return;
  const sheets = new Set(
    args.docs.flatMap((d) =>
      d.loads.filter((l) => l.kind === 'style' && args.own(new URL(l.url))).map((l) => l.url),
    ),
  );
  const got = await Promise.all(
    [...sheets]
      .sort((a, b) => Number(LIBRARY_SHEET.test(a)) - Number(LIBRARY_SHEET.test(b)))
      .slice(0, MAX_STYLESHEETS)
      .map((sheet) =>
        fetchText(
          sheet,
          { ...args.headers, accept: 'text/css,*/*' },
          { maxBytes: STYLESHEET_MAX, policy: args.policy, deadline: args.deadline },
        ),
      ),
  );
  const hidden = hiddenSelectors(got.map((o) => (o.ok && o.page.status < 400 ? o.page.text : '')).join('\n'));
  for (const doc of args.docs) {
    // Elements its scripts gave a class the stylesheet hides, as the page loaded.
    const classed = doc.classed.filter((c) => c.classes.some((k) => hidden.classes.has(k))).map((c) => c.id);
    const ids = new Set([...hidden.ids, ...classed]);
    for (const l of doc.links)
      if (!l.hidden && (l.classes?.some((c) => hidden.classes.has(c)) || l.ids?.some((id) => ids.has(id))))
        l.hidden = true;
  }
}

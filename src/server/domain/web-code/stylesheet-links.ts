import 'server-only';
import type { TargetPolicy } from '../../net/policy';
import { fetchText } from './fetch-text';
import { cssImports } from './html/style-imports';
import { hiddenSelectors } from './html/style-rules';
import { FARM_SITES_WITH_TERMS } from './link-farm';
import { type DocFacts, hideLinksIn } from './read-document';
import { resolve } from './resolve';
import { hiddenTargets } from './script/hidden';
import { registrable } from './signals/host';

/** The site's own stylesheet files read for classes that hide links, and how much of each. */
const MAX_STYLESHEETS = 4;
const STYLESHEET_MAX = 500_000;
/** Stylesheets those files import, read after them. */
const MAX_IMPORTED = 2;
/** Stylesheets of widely used libraries, read last: a theme's own rules are where a block is hidden. */
export const LIBRARY_SHEET =
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
  const fetchSheets = (urls: string[]) =>
    Promise.all(
      urls.map(async (sheet) => {
        const got = await fetchText(
          sheet,
          { ...args.headers, accept: 'text/css,*/*' },
          { maxBytes: STYLESHEET_MAX, policy: args.policy, deadline: args.deadline },
        );
        return { url: sheet, text: got.ok && got.page.status < 400 ? got.page.text : '' };
      }),
    );
  const read = await fetchSheets(
    [...sheets]
      .sort((a, b) => Number(LIBRARY_SHEET.test(a)) - Number(LIBRARY_SHEET.test(b)))
      .slice(0, MAX_STYLESHEETS),
  );
  // What those sheets `@import` of the site's own, once (an import's imports are not followed).
  const imported = new Set(
    read.flatMap((sheet) =>
      cssImports(sheet.text).flatMap((i) => {
        const url = resolve(i.href, sheet.url);
        return url && !sheets.has(url) && args.own(new URL(url)) ? [url] : [];
      }),
    ),
  );
  read.push(...(await fetchSheets([...imported].slice(0, MAX_IMPORTED))));
  const hidden = hiddenSelectors(read.map((sheet) => sheet.text).join('\n'));
  const named = [...[...hidden.ids].map((id) => `#${id}`), ...[...hidden.classes].map((c) => `.${c}`)];
  // With the elements its scripts gave a class the stylesheet hides, as the page loaded.
  for (const doc of args.docs)
    hideLinksIn(doc, new Set([...named, ...hiddenTargets(doc.acts, hidden.classes)]));
}

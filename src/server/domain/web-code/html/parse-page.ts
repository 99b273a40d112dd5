import 'server-only';
import { Parser } from 'htmlparser2';
import { resolve } from '../resolve';
import { type DataElement, dataElement, MAX_DATA_ELEMENTS } from '../script/page-data';
import { type Cover, pixelSize, tinySize, windowCover } from './element-size';
import { hidesContent, movedOffScreen, styleBlocks } from './hidden-style';
import type { LoadHow, LoadKind } from './load-kinds';
import { importedStylesheets } from './style-imports';
import { type HiddenSelectors, hiddenSelectors } from './style-rules';

export type MarkupLoad = {
  url: string;
  kind: LoadKind;
  how: LoadHow;
  hidden: boolean;
  /** Before <html> or after </html>: where templates never put anything. */
  outside: boolean;
  /** A frame over the whole window (fixed at 100% × 100%, or a frameset's): the visitor sees only it. */
  covers?: Cover;
  start: number;
  evidence: string;
};

export type PageLink = {
  url: string;
  text: string;
  hidden: boolean;
  /** Moved off-screen by a transform only (a carousel does this too): see link-farm.ts. */
  offscreen?: boolean;
  /** Written by a script only after a visitor test (the user agent, the referrer…): see link-farm.ts. */
  gated?: boolean;
  /** Written by a script only when the visitor is a search spider (spider-test.ts). */
  forSpiders?: boolean;
  /** Ids of the elements it sits in: a script may hide one of them as the page loads (read-document.ts). */
  ids?: string[];
  /** Classes of the elements it sits in (its own too): the site's stylesheet files may hide one (scan-site.ts). */
  classes?: string[];
  start: number;
};
export type InlineScript = {
  code: string;
  start: number;
  handler: string | null;
  /** How the code was hidden in the markup (`dataUri`: a script whose src carries the code). */
  dec?: string[];
  /** The script element's own `data-` attributes (`document.currentScript.dataset`). */
  data?: Record<string, string>;
};
export type PageForm = {
  action: string;
  id: string;
  name: string;
  index: number;
  start: number;
  evidence: string;
};

export type PageFacts = {
  loads: MarkupLoad[];
  /** Documents written into attributes (`<iframe srcdoc>`): read as markup of their own. */
  written: { html: string; start: number }[];
  links: PageLink[];
  scripts: InlineScript[];
  forms: PageForm[];
  /** The markup with text, comments and inert content blanked (same offsets): what signatures read. */
  live: string;
  /** Hosts the page declares as its own (the CMS's `maccms.url` and `maccms.wapurl`). */
  declared: string[];
  /** An inline `var maccms = {"path":…}`: this page comes from the CMS. */
  cmsVar: boolean;
  /** Reading stopped early: elements nested deeper than any real page (a hostile page). */
  cut: boolean;
  /** Elements with `data-` attributes, which scripts may read (script/page-data.ts). */
  data: DataElement[];
  /** What search engines show of the page: its title, keywords and description (seo-title.ts). */
  seo: { text: string; start: number };
  /** Classes and ids its `<style>` blocks hide (a script may give an element one of them). */
  styles: HiddenSelectors;
};

/** The types browsers run as JavaScript (the HTML standard's list: javascript1.0–1.5, livescript…). */
const JS_TYPES =
  /^(?:|module|text\/javascript(?:1\.[0-5])?|application\/(?:x-)?(?:java|ecma)script|text\/(?:x-)?ecmascript|text\/x-javascript|text\/jscript|text\/livescript)$/i;
/** Elements whose content the browser never loads or runs. */
const INERT = new Set(['template', 'textarea', 'xmp', 'noembed', 'noframes', 'plaintext', 'iframe']);
const EVIDENCE = 300;
/**
 * The parser keeps open elements in an array it shifts at the front, which is quadratic in the
 * nesting depth: the page is fed in chunks and reading stops once elements nest deeper than
 * any real page does (browsers stop nesting at a few hundred levels too).
 */
const CHUNK = 32_000;
const MAX_DEPTH = 1_000;
const MAX_CLOSE_SEARCH = 256;
/** Characters of title, keywords and description kept (search engines show far fewer). */
const MAX_SEO = 2_000;

const absolute = resolve;

/**
 * Reads a page with a real HTML parser: only elements that load or navigate count (script src,
 * frames, stylesheets and preloads, meta refresh, object and embed, forms for auto-submission),
 * plus inline scripts and event handlers for the script reader. Text, comments, attributes
 * that load nothing, `<template>`, `<textarea>`, non-script `<script type>` (JSON-LD, templates)
 * and escaped markup never count. Each element knows whether CSS or its size hides it.
 */
export function parsePage(html: string, pageUrl: string): PageFacts {
  const hidden = hiddenSelectors(styleBlocks(html));
  const facts: PageFacts = {
    loads: [],
    links: [],
    scripts: [],
    written: [],
    forms: [],
    live: '',
    declared: [],
    cmsVar: false,
    cut: false,
    data: [],
    seo: { text: '', start: 0 },
    styles: hidden,
  };
  const blank: [number, number][] = [];
  type Open = {
    name: string;
    hidden: boolean;
    offscreen: boolean;
    inert: boolean;
    start: number;
    /** Inside `<noscript>`: never shown by a browser that runs scripts, read by spiders. */
    noscript: boolean;
    /** Ids of this element and the ones it sits in (shared until an element has an id of its own). */
    ids: string[];
    /** Classes of this element and the ones it sits in (shared likewise). */
    classes: string[];
  };
  const stack: Open[] = [];
  let base = pageUrl;
  let htmlOpen = false;
  let htmlClosed = false;
  let link: PageLink | null = null;
  let script: { start: number; code: string; data?: Record<string, string> } | null = null;
  let inTitle = false;

  const top = () => stack.at(-1);
  /** The page naming its own other addresses (canonical, mobile version): hosts of the same site. */
  const declare = (raw: string | undefined) => {
    const url = raw ? resolve(raw, pageUrl) : null;
    if (url) facts.declared.push(new URL(url).hostname.toLowerCase());
  };
  const inert = () => top()?.inert ?? false;
  const hiddenHere = () => top()?.hidden ?? false;
  const selfHidden = (name: string, a: Record<string, string>) =>
    a.hidden !== undefined ||
    pixelSize(name, a) ||
    hidesContent(a.style ?? '') ||
    (a.class ?? '').split(/\s+/).some((c) => hidden.classes.has(c)) ||
    hidden.ids.has(a.id ?? '');

  const parser = new Parser(
    {
      onopentag(name, a) {
        const start = parser.startIndex;
        const isHidden = hiddenHere() || selfHidden(name, a);
        const offscreen = (top()?.offscreen ?? false) || movedOffScreen(a.style ?? '');
        const isInert = inert();
        const outer = top();
        stack.push({
          name,
          hidden: isHidden,
          offscreen,
          inert: isInert || INERT.has(name),
          start,
          noscript: (outer?.noscript ?? false) || name === 'noscript',
          ids: a.id ? [...(outer?.ids ?? []), a.id].slice(-20) : (outer?.ids ?? []),
          classes: a.class?.trim()
            ? [...(outer?.classes ?? []), ...a.class.trim().split(/\s+/)].slice(-20)
            : (outer?.classes ?? []),
        });
        if (name === 'html') htmlOpen = true;
        if (isInert) return;
        const evidence = html.slice(start, Math.min(parser.endIndex + 1, start + EVIDENCE));
        const outside = !htmlOpen || htmlClosed;
        const add = (
          raw: string | undefined,
          kind: MarkupLoad['kind'],
          how: LoadHow,
          hide = isHidden,
          covers?: Cover,
        ) => {
          const url = raw ? absolute(raw, base) : null;
          if (url)
            facts.loads.push({
              url,
              kind,
              how,
              hidden: hide,
              outside,
              start,
              evidence,
              ...(covers ? { covers } : {}),
            });
        };
        for (const [attr, code] of Object.entries(a)) {
          if (attr.startsWith('on') && code.trim()) facts.scripts.push({ code, start, handler: attr });
        }
        const data = dataElement(name, a);
        if (data && facts.data.length < MAX_DATA_ELEMENTS) facts.data.push(data);
        switch (name) {
          case 'base':
            base = (a.href && absolute(a.href, pageUrl)) || base;
            break;
          case 'script': {
            // No type but a `language` ("JavaScript1.5"): the browser reads it as text/<language>.
            if (!JS_TYPES.test((a.type ?? (a.language ? `text/${a.language}` : '')).trim())) {
              stack.at(-1)!.inert = true;
              break;
            }
            // An SVG script loads from `href` (or `xlink:href`) instead of `src`.
            const src =
              a.src ?? (stack.some((e) => e.name === 'svg') ? (a.href ?? a['xlink:href']) : undefined);
            if (src !== undefined && /^\s*data:/i.test(src)) {
              // `<script src="data:text/javascript;base64,…">`: the code is in the address itself.
              const code = dataUriText(src);
              if (code) facts.scripts.push({ code, start, handler: null, dec: ['dataUri'] });
            } else if (src !== undefined) add(src, 'script', 'script-src');
            else script = { start: parser.endIndex + 1, code: '', data: data?.attrs };
            break;
          }
          case 'iframe':
          case 'frame':
            add(
              a.src,
              'iframe',
              'iframe-src',
              isHidden || tinySize(a),
              stack.some((e) => e.name === 'frameset') ? 'frameset' : windowCover(a.style ?? ''),
            );
            if (a.srcdoc?.includes('<')) facts.written.push({ html: a.srcdoc, start });
            break;
          case 'link': {
            const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
            if (rel.includes('canonical') || rel.includes('alternate')) declare(a.href);
            if (rel.includes('stylesheet')) add(a.href, 'style', 'link');
            else if (rel.includes('preload') || rel.includes('modulepreload')) {
              add(a.href, a.as === 'style' ? 'style' : 'script', 'link');
            }
            break;
          }
          case 'meta': {
            if (/^(?:keywords|description)$/i.test(a.name ?? '') && facts.seo.text.length < MAX_SEO)
              facts.seo.text += ` ${a.content ?? ''}`.slice(0, MAX_SEO);
            if ((a.property ?? '').toLowerCase() === 'og:url') declare(a.content);
            if ((a.name ?? '').toLowerCase() === 'mobile-agent')
              declare(/url=([^;\s]+)/i.exec(a.content ?? '')?.[1]);
            if ((a['http-equiv'] ?? '').toLowerCase() !== 'refresh') break;
            const target = /url\s*=\s*['"]?([^'"\s>]+)/i.exec(a.content ?? '')?.[1];
            add(target, 'navigate', 'meta-refresh');
            break;
          }
          case 'embed':
            add(a.src, 'object', 'embed', isHidden || tinySize(a));
            break;
          case 'object':
            add(a.data, 'object', 'object', isHidden || tinySize(a));
            break;
          case 'form': {
            const action = a.action ? absolute(a.action, base) : null;
            if (action) {
              facts.forms.push({
                action,
                id: a.id ?? '',
                name: a.name ?? '',
                index: facts.forms.length,
                start,
                evidence,
              });
            }
            break;
          }
          case 'a': {
            const url = a.href ? absolute(a.href, base) : null;
            link = url
              ? {
                  url,
                  text: '',
                  hidden: isHidden || stack.at(-1)!.noscript,
                  ...(offscreen && !isHidden ? { offscreen } : {}),
                  ...(stack.at(-1)!.ids.length ? { ids: stack.at(-1)!.ids } : {}),
                  ...(stack.at(-1)!.classes.length ? { classes: stack.at(-1)!.classes } : {}),
                  start,
                }
              : null;
            break;
          }
          case 'title':
            inTitle = true;
            if (!facts.seo.text) facts.seo.start = start;
            break;
        }
      },
      ontext(text) {
        if (script) {
          script.code += text;
          return;
        }
        if (link && !inert()) link.text += text;
        if (inTitle && facts.seo.text.length < MAX_SEO) facts.seo.text += text.slice(0, MAX_SEO);
        if (!inTitle) blank.push([parser.startIndex, parser.endIndex + 1]);
      },
      oncomment() {
        blank.push([parser.startIndex, parser.endIndex + 1]);
      },
      onclosetag(name, implied) {
        if (name === 'script' && script) {
          facts.scripts.push({ code: script.code, start: script.start, handler: null, data: script.data });
          script = null;
        }
        if (name === 'a' && link) {
          link.text = link.text.replace(/\s+/g, ' ').trim().slice(0, 80);
          facts.links.push(link);
          link = null;
        }
        if (name === 'title') inTitle = false;
        if (name === 'html' && !implied) htmlClosed = true;
        // The nearest open element of that name, looked for a bounded way down (stray closing tags
        // on a page of unclosed elements must not cost a scan of the whole stack each).
        let at = stack.length - 1;
        while (at >= 0 && at >= stack.length - MAX_CLOSE_SEARCH && stack[at]!.name !== name) at--;
        if (at < stack.length - MAX_CLOSE_SEARCH) at = -1;
        if (at >= 0) {
          // Inert content is blanked for the signature reader too.
          const closing = stack[at]!;
          if (closing.inert && !(at > 0 && stack[at - 1]!.inert))
            blank.push([closing.start, parser.endIndex + 1]);
          stack.length = at;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  for (let at = 0; at < html.length; at += CHUNK) {
    parser.write(html.slice(at, at + CHUNK));
    if (stack.length > MAX_DEPTH) {
      facts.cut = true;
      break;
    }
  }
  parser.end();
  facts.loads.push(...importedStylesheets(html, base));
  facts.live = blankRanges(html, blank);
  for (const s of facts.scripts) {
    const cms = s.handler ? null : /\bvar\s+maccms\s*=\s*(\{\s*["']path["'][^{}]{0,2000}\})/.exec(s.code);
    if (!cms) continue;
    facts.cmsVar = true;
    for (const m of cms[1]!.matchAll(/["'](?:url|wapurl)["']\s*:\s*["']([\w.-]{1,253})["']/g)) {
      facts.declared.push(m[1]!.toLowerCase());
    }
  }
  return facts;
}

function blankRanges(html: string, ranges: [number, number][]): string {
  if (ranges.length === 0) return html;
  const chars: string[] = [];
  let at = 0;
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (to <= at) continue;
    const start = Math.max(from, at);
    // Line breaks stay, so a hit in the blanked copy has the line it has in the page.
    chars.push(html.slice(at, start), html.slice(start, to).replace(/[^\n]/g, ' '));
    at = to;
  }
  chars.push(html.slice(at));
  return chars.join('');
}

/** The text a `data:` address carries (base64 or percent-encoded), or null. */
function dataUriText(uri: string): string | null {
  const m = /^\s*data:([^,]*),(.*)$/is.exec(uri);
  if (!m) return null;
  try {
    return /;base64$/i.test(m[1]!.trim())
      ? Buffer.from(m[2]!, 'base64').toString('latin1')
      : decodeURIComponent(m[2]!);
  } catch {
    return null;
  }
}

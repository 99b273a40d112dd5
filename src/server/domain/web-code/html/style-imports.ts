import 'server-only';
import { resolve } from '../resolve';
import { MAX_INLINE_CSS, styleBlocks } from './hidden-style';
import type { MarkupLoad } from './parse-page';

/** Imports read from one stylesheet: a theme imports a few files, not dozens. */
const MAX_IMPORTS = 8;

/**
 * The stylesheets CSS text imports (`@import url("seo.css");`, `@import 'x.css' screen;`), as
 * written, with the text of each rule (the evidence). Imports come before any rule, so only the
 * text before the first block is looked at.
 */
export function cssImports(css: string): { href: string; text: string }[] {
  const open = css.indexOf('{');
  const head = css
    .slice(0, open === -1 ? MAX_INLINE_CSS : Math.min(open, MAX_INLINE_CSS))
    .replace(/\/\*[\s\S]*?\*\//g, '');
  const out: { href: string; text: string }[] = [];
  for (const m of head.matchAll(/@import\s+(?:url\(\s*)?(["']?)([^"'()\s;]+)\1\s*\)?[^;]*;?/gi)) {
    if (out.length >= MAX_IMPORTS) break;
    out.push({ href: m[2]!, text: m[0] });
  }
  return out;
}

/** `<style>@import url(…)</style>`: stylesheets a page loads like a `<link>`'s, resolved against `base`. */
export function importedStylesheets(html: string, base: string): MarkupLoad[] {
  return cssImports(styleBlocks(html)).flatMap((imp) => {
    const url = resolve(imp.href, base);
    const start = html.indexOf(imp.text);
    return url
      ? [{ url, kind: 'style', how: 'css-import', hidden: false, outside: false, start, evidence: imp.text }]
      : [];
  });
}

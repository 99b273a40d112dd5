import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { DOC_NAV } from '@/contract/content';
import { DEFAULT_LOCALE, type Locale } from '@/contract/locales';
import { firstHit, queryTerms, relevance, textTokens } from '../search/tokens';
import { splitFrontmatter } from './frontmatter';
import { type Heading, plainText, renderMarkdown, summary } from './markdown';

export type DocPage = {
  menu: string;
  sub: string;
  title: string;
  html: string;
  headings: Heading[];
  text: string;
  /** For search engines: the front matter's `description`, else the first paragraph. */
  description: string;
};

const DOCS_DIR = path.join(process.cwd(), 'content', 'docs');
const cache = new Map<string, DocPage | null>();

/** content/docs/<menu>/<sub>/<locale>.md, falling back to zh-cn; rendered once per process. */
export function readDoc(menu: string, sub: string, locale: Locale): DocPage | null {
  const key = `${menu}/${sub}/${locale}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  const known = DOC_NAV.some((m) => m.menu === menu && (m.subs as readonly string[]).includes(sub));
  let page: DocPage | null = null;
  if (known) {
    const file = [locale, DEFAULT_LOCALE]
      .map((l) => path.join(DOCS_DIR, menu, sub, `${l}.md`))
      .find((f) => fs.existsSync(f));
    if (file) {
      const { data, body } = splitFrontmatter(fs.readFileSync(file, 'utf8'));
      const { html, headings } = renderMarkdown(body, locale);
      const text = plainText(body);
      page = {
        menu,
        sub,
        title: data.title || sub,
        html,
        headings,
        text,
        description: data.description || summary(body),
      };
    }
  }
  cache.set(key, page);
  return page;
}

/** Every page of the docs in one language, in navigation order. */
export function allDocs(locale: Locale): DocPage[] {
  return DOC_NAV.flatMap((m) => m.subs.map((sub) => readDoc(m.menu, sub, locale))).filter(
    (p): p is DocPage => p !== null,
  );
}

export type DocHit = { menu: string; sub: string; title: string; snippet: string };

/** A page's search tokens, computed once per page and process like the page itself. */
const tokensOf = new WeakMap<DocPage, { titleTokens: string[]; textTokens: string[] }>();
function pageTokens(page: DocPage) {
  let t = tokensOf.get(page);
  if (!t) {
    t = { titleTokens: textTokens(page.title), textTokens: textTokens(page.text) };
    tokensOf.set(page, t);
  }
  return t;
}

/**
 * Search of titles and text by words (Chinese ones segmented, server/search/tokens.ts), most relevant
 * first (title hits weigh more), navigation order among equals; a snippet around the first hit.
 */
export function searchDocs(query: string, locale: Locale, max = 20): DocHit[] {
  const tokens = queryTerms(query);
  if (!tokens.length) return [];
  const hits: (DocHit & { score: number })[] = [];
  for (const page of allDocs(locale)) {
    const score = relevance(tokens, { title: page.title, ...pageTokens(page) }, query);
    if (!score) continue;
    const { at, length } = firstHit(page.text, tokens);
    let start = Math.max(0, at - 40);
    const space = page.text.indexOf(' ', start);
    if (start > 0 && space >= 0 && space < at) start = space + 1; // not in the middle of a word
    const snippet =
      at < 0 ? page.text.slice(0, 120) : `${start ? '…' : ''}${page.text.slice(start, at + length + 80)}…`;
    hits.push({ menu: page.menu, sub: page.sub, title: page.title, snippet, score });
  }
  return hits
    .sort((a, b) => b.score - a.score)
    .slice(0, max)
    .map(({ score: _score, ...hit }) => hit);
}

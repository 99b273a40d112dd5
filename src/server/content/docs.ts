import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { DOC_NAV } from '@/contract/content';
import { DEFAULT_LOCALE, type Locale } from '@/contract/locales';
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

/** Case-insensitive search of titles and text; title matches first, a snippet around the first hit. */
export function searchDocs(query: string, locale: Locale, max = 20): DocHit[] {
  const q = query.trim().toLowerCase().slice(0, 100);
  if (!q) return [];
  const hits: (DocHit & { score: number })[] = [];
  for (const page of allDocs(locale)) {
    const inTitle = page.title.toLowerCase().includes(q);
    const at = page.text.toLowerCase().indexOf(q);
    if (!inTitle && at < 0) continue;
    let start = Math.max(0, at - 40);
    const space = page.text.indexOf(' ', start);
    if (start > 0 && space >= 0 && space < at) start = space + 1; // not in the middle of a word
    const snippet =
      at < 0 ? page.text.slice(0, 120) : `${start ? '…' : ''}${page.text.slice(start, at + q.length + 80)}…`;
    hits.push({ menu: page.menu, sub: page.sub, title: page.title, snippet, score: inTitle ? 0 : 1 });
  }
  return hits
    .sort((a, b) => a.score - b.score)
    .slice(0, max)
    .map(({ score: _score, ...hit }) => hit);
}

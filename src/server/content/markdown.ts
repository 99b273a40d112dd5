import 'server-only';
import hljs from 'highlight.js/lib/common';
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { DEFAULT_LOCALE, type Locale, localizedPath } from '@/contract/locales';

export type Heading = { id: string; text: string; depth: number };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Anchor ids that survive Chinese headings: letters of any script, digits and dashes. */
export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'section'
  );
}

/** A portal page (`/blog/x`, `/document?menu=…`), not a file, an API path or another site. */
const PAGE_LINK = /^\/(?!\/|api\/|yapi\/|dapi\/|resource-api\/|_next\/)[^.?#]*(?:[?#].*)?$/;

/** Links from the content to other pages stay in the reader's language. */
function localizeHref(href: string, locale: Locale): string {
  return locale !== DEFAULT_LOCALE && PAGE_LINK.test(href) ? localizedPath(locale, href) : href;
}

const sanitizeOptions = (locale: Locale): sanitizeHtml.IOptions => ({
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'del', 'input'],
  allowedAttributes: {
    a: ['href', 'title', 'class', 'rel', 'target', 'aria-hidden', 'tabindex'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    span: ['class'],
    code: ['class'],
    pre: ['class'],
    h1: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    th: ['align'],
    td: ['align'],
    input: ['type', 'checked', 'disabled'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (/^https?:/i.test(href))
        return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } };
      return { tagName, attribs: href ? { ...attribs, href: localizeHref(href, locale) } : attribs };
    },
  },
});

/**
 * Markdown (raw HTML included) to safe HTML: code highlighted on the server, headings given anchors (listed for a
 * table of contents), then everything passed through an allow-list: no script, no event handlers,
 * no javascript: links, whatever the source says.
 */
export function renderMarkdown(
  source: string,
  locale: Locale = DEFAULT_LOCALE,
): { html: string; headings: Heading[] } {
  const headings: Heading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline: (t: Tokens.Generic[]) => string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const base = slugify(token.text);
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = n ? `${base}-${n}` : base;
        if (token.depth >= 2 && token.depth <= 3)
          headings.push({ id, text: token.text.replace(/[`*_]/g, ''), depth: token.depth });
        return `<h${token.depth} id="${id}"><a class="anchor" href="#${id}" aria-hidden="true" tabindex="-1">#</a>${inner}</h${token.depth}>\n`;
      },
      code(token: Tokens.Code) {
        const lang = (token.lang ?? '').split(/\s/)[0]!.toLowerCase();
        const html =
          lang && hljs.getLanguage(lang)
            ? hljs.highlight(token.text, { language: lang }).value
            : escapeHtml(token.text);
        return `<pre class="hljs"><code class="language-${escapeHtml(lang || 'text')}">${html}</code></pre>\n`;
      },
    },
  });
  const raw = marked.parse(source, { async: false });
  return { html: sanitizeHtml(raw, sanitizeOptions(locale)), headings };
}

/** Plain text of Markdown, for abstracts and search. */
export function plainText(source: string): string {
  return sanitizeHtml(new Marked().parse(source, { async: false }), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first paragraph as plain text, cut at a word or sentence boundary near `max` characters: a
 * page's description for search engines, rather than whatever tables and headings come first.
 */
export function summary(source: string, max = 160): string {
  const first = new Marked().lexer(source).find((token) => token.type === 'paragraph');
  const text = first ? plainText(first.raw) : plainText(source);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const boundary = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('，'), cut.lastIndexOf('、'));
  return `${boundary > max / 2 ? cut.slice(0, boundary) : cut}…`;
}

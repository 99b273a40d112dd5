import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { HELP_CATEGORIES } from '@/contract/content';
import { DEFAULT_LOCALE, type Locale } from '@/contract/locales';
import { splitFrontmatter } from './frontmatter';
import { plainText, renderMarkdown, slugify } from './markdown';

export type HelpAnswer = { id: string; question: string; html: string; text: string };
export type HelpCategory = { key: string; title: string; answers: HelpAnswer[] };

const HELP_DIR = path.join(process.cwd(), 'content', 'help');
const cache = new Map<Locale, HelpCategory[]>();

/** Each `## Question` of a category file starts an answer that runs to the next one. */
function parse(key: string, source: string, locale: Locale): HelpCategory {
  const { data, body } = splitFrontmatter(source);
  const answers = body
    .split(/^## /m)
    .slice(1)
    .map((chunk) => {
      const [first = '', ...rest] = chunk.split('\n');
      const question = first.trim();
      const markdown = rest.join('\n');
      return {
        id: `${key}-${slugify(question)}`,
        question,
        html: renderMarkdown(markdown, locale).html,
        text: plainText(markdown),
      };
    });
  return { key, title: data.title || key, answers };
}

/** Every category in one language (zh-cn where a file is missing), read once per process. */
export function helpCategories(locale: Locale): HelpCategory[] {
  const hit = cache.get(locale);
  if (hit) return hit;
  const list = HELP_CATEGORIES.flatMap((key) => {
    const file = [locale, DEFAULT_LOCALE]
      .map((l) => path.join(HELP_DIR, key, `${l}.md`))
      .find((f) => fs.existsSync(f));
    return file ? [parse(key, fs.readFileSync(file, 'utf8'), locale)] : [];
  });
  cache.set(locale, list);
  return list;
}

/** Categories narrowed to one key and to answers matching the query (question or text). */
export function findHelp(args: { locale: Locale; category?: string; query?: string }): HelpCategory[] {
  const q = (args.query ?? '').trim().toLowerCase().slice(0, 100);
  return helpCategories(args.locale)
    .filter((c) => !args.category || c.key === args.category)
    .map((c) => ({
      ...c,
      answers: q
        ? c.answers.filter((a) => a.question.toLowerCase().includes(q) || a.text.toLowerCase().includes(q))
        : c.answers,
    }))
    .filter((c) => c.answers.length > 0);
}

import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '@/contract/locales';
import { splitFrontmatter } from '../content/frontmatter';
import type { ArticleSource } from '../content/save-article';

const BLOG_DIR = path.join(process.cwd(), 'content', 'blog');

/** Reads content/blog/<slug>/<locale>.md (frontmatter: title, date, image, abstract). */
export function readBlogSources(): ArticleSource[] {
  const dir = BLOG_DIR;
  if (!fs.existsSync(BLOG_DIR)) return [];
  return fs
    .readdirSync(BLOG_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^[a-z0-9][a-z0-9-]*$/.test(e.name))
    .map((entry) => {
      const texts: ArticleSource['texts'] = {};
      let date = '';
      let image = '';
      for (const locale of LOCALES) {
        const file = path.join(dir, entry.name, `${locale}.md`);
        if (!fs.existsSync(file)) continue;
        const { data, body } = splitFrontmatter(fs.readFileSync(file, 'utf8'));
        date ||= data.date ?? '';
        image ||= data.image ?? '';
        texts[locale as Locale] = {
          title: data.title || entry.name,
          abstract: data.abstract,
          markdown: body,
          imageUrl: data.image,
        };
      }
      return {
        slug: entry.name,
        imageUrl: image,
        publishedAt: new Date(date ? `${date}T10:00:00+08:00` : 0),
        texts,
      };
    });
}

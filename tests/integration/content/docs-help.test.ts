import { describe, expect, it } from 'vitest';
import { allDocs, searchDocs } from '@/server/content/docs';
import { loadDocsPage } from '@/server/content/docs-page';
import { findHelp, helpCategories } from '@/server/content/help';

describe('documentation', () => {
  it('has at least six pages in each language, with anchors and highlighted code', () => {
    for (const locale of ['zh-cn', 'zh-tw', 'en-us'] as const) {
      const pages = allDocs(locale);
      expect(pages.length, locale).toBeGreaterThanOrEqual(6);
      for (const page of pages) expect(page.headings.length, `${locale} ${page.sub}`).toBeGreaterThan(0);
    }
    const install = allDocs('en-us').find((p) => p.sub === 'install');
    expect(install?.title).toBe('Installation');
    expect(install?.html).toMatch(/<h2 id="[^"]+"><a class="anchor"/);
    expect(install?.html).toContain('hljs-');
  });

  it('describes each page by its first paragraph and links within the reader language', () => {
    const cron = allDocs('en-us').find((p) => p.sub === 'cron');
    expect(cron?.description).toBe(
      'Scheduled tasks run collection, static page generation and cache clean-up on their own.',
    );
    const quickstart = allDocs('en-us').find((p) => p.sub === 'quickstart');
    expect(quickstart?.html).toContain('href="/en-us/document?menu=faq&amp;sub=cron"');
    expect(allDocs('zh-cn').find((p) => p.sub === 'quickstart')?.html).toContain(
      'href="/document?menu=faq&amp;sub=cron"',
    );
  });

  it('searches titles and text in the language asked for', () => {
    expect(searchDocs('crontab', 'en-us').map((h) => h.sub)).toContain('cron');
    expect(searchDocs('存储', 'zh-cn')[0]?.sub).toBe('storage');
    expect(searchDocs('   ', 'zh-cn')).toEqual([]);
    expect(searchDocs('no-such-word-anywhere', 'en-us')).toEqual([]);
  });

  it('finds Chinese words apart and reordered, the page titled with them first', () => {
    // The cron page is titled 定时任务; its text has 采集 too, written without spaces.
    const hits = searchDocs('任务定时 采集', 'zh-cn');
    expect(hits[0]?.sub).toBe('cron');
    expect(hits[0]?.snippet).toMatch(/采集|定时|任务/);
    // Every word must be there: a word no page has finds nothing.
    expect(searchDocs('定时任务 火星', 'zh-cn')).toEqual([]);
  });

  it('falls back to the first page for unknown menus and builds the update log from releases', async () => {
    const odd = await loadDocsPage({ menu: '<script>', sub: '../../etc/passwd' }, 'zh-cn');
    expect(odd.active).toEqual({ menu: 'start', sub: 'install' });
    expect(odd.page?.title).toBe('安装');
    const log = await loadDocsPage({ menu: 'log' }, 'en-us');
    expect(log.page).toBeNull();
    expect(Array.isArray(log.releases)).toBe(true);
  });
});

describe('help centre', () => {
  it('answers at least ten questions in zh-cn and en-us', () => {
    for (const locale of ['zh-cn', 'en-us'] as const) {
      const count = helpCategories(locale).reduce((n, c) => n + c.answers.length, 0);
      expect(count, locale).toBeGreaterThanOrEqual(10);
    }
  });

  it('narrows to a category and searches questions and answers', () => {
    expect(findHelp({ locale: 'en-us', category: 'security' }).map((c) => c.key)).toEqual(['security']);
    const hits = findHelp({ locale: 'en-us', query: 'backdoor' }).flatMap((c) => c.answers);
    const injected = hits.find((a) => a.question === 'My site has been injected');
    expect(injected?.html).toContain('href="/en-us/blog/clean-up-backdoor"');
    expect(findHelp({ locale: 'zh-cn', query: 'zzzz-nothing' })).toEqual([]);
  });
});

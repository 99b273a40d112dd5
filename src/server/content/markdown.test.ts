import { describe, expect, it } from 'vitest';
import { renderMarkdown, summary } from './markdown';

describe('renderMarkdown', () => {
  it('removes scripts, event handlers, frames, styles and script URLs, whatever the source says', () => {
    const { html } = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
        '[a](javascript:alert(1)) [b](vbscript:msgbox) [c](data:text/html;base64,PHNjcmlwdD4=)',
        '<a href="JaVaScRiPt:alert(2)" onclick="alert(3)">d</a> <img src="x" onerror="alert(4)">',
        '<p style="position:fixed" onmouseover="alert(5)">e</p>',
        '[f](//evil.example/x) <a href="//evil.example/y">g</a>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|<iframe|<style|javascript:|vbscript:|data:text|\son\w+=|style=/i);
    expect(html).not.toMatch(/href="\/\//);
    expect(html).toContain('>d</a>'); // the text stays, only the danger goes
  });

  it('keeps links to other pages in the reader language and opens other sites in a new tab', () => {
    const source =
      '[docs](/document?menu=faq&sub=cron) [post](/blog/clean-up-backdoor) [feed](/rss.xml) ' +
      '[api](/api/article/list) [home](/) [site](https://example.com/a)';
    const en = renderMarkdown(source, 'en-us').html;
    expect(en).toContain('href="/en-us/document?menu=faq&amp;sub=cron"');
    expect(en).toContain('href="/en-us/blog/clean-up-backdoor"');
    expect(en).toContain('href="/en-us"');
    expect(en).toContain('href="/rss.xml"');
    expect(en).toContain('href="/api/article/list"');
    expect(en).toMatch(/href="https:\/\/example\.com\/a" rel="noopener noreferrer" target="_blank"/);
    expect(renderMarkdown(source, 'zh-cn').html).toContain('href="/blog/clean-up-backdoor"');
  });

  it('gives headings unique anchors, Chinese ones included, and lists them for the table of contents', () => {
    const { html, headings } = renderMarkdown('## 安装\n\ntext\n\n### Nginx\n\n## 安装\n\n#### deep');
    expect(headings).toEqual([
      { id: '安装', text: '安装', depth: 2 },
      { id: 'nginx', text: 'Nginx', depth: 3 },
      { id: '安装-1', text: '安装', depth: 2 },
    ]);
    expect(html).toContain('<h2 id="安装-1"><a class="anchor" href="#安装-1"');
  });

  it('highlights code of a known language and escapes the rest', () => {
    const { html } = renderMarkdown('```php\n<?php echo "hi";\n```\n\n```\n<b>raw</b>\n```');
    expect(html).toContain('hljs-string');
    expect(html).toContain('&lt;b&gt;raw&lt;/b&gt;');
  });
});

describe('summary', () => {
  it('describes a page by its first paragraph, not by the table or heading that follows', () => {
    const text = summary('## Title\n\nFirst words here.\n\n| a | b |\n| - | - |\n| 1 | 2 |');
    expect(text).toBe('First words here.');
  });

  it('cuts a long paragraph at a word boundary with an ellipsis', () => {
    const text = summary(`${'word '.repeat(60)}end`, 50);
    expect(text.length).toBeLessThanOrEqual(51);
    expect(text).toMatch(/word…$/);
  });
});

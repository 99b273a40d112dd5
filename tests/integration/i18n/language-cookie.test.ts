import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import proxy from '@/proxy';

/** A browser's page load: a document request, with the language cookie it holds (if any). */
const visit = (path: string, cookie?: string) =>
  proxy(
    new NextRequest(`http://localhost:3000${path}`, {
      headers: {
        'sec-fetch-dest': 'document',
        'accept-language': 'en-US,en;q=0.9',
        ...(cookie ? { cookie } : {}),
      },
    }),
  );

const languageCookie = (response: Response) =>
  [response.headers.get('set-cookie'), response.headers.get('x-middleware-set-cookie')]
    .filter(Boolean)
    .join(';');

describe('the language a visitor reads in', () => {
  it('is not remembered from reading a page: Chinese links stay Chinese afterwards', async () => {
    for (const page of ['/en-us/blog', '/zh-tw/document', '/en-us']) {
      const read = await visit(page);
      expect(read.headers.get('location')).toBeNull();
      expect(languageCookie(read)).not.toContain('NEXT_LOCALE');
    }
    // The unprefixed link (as in a Chinese mail) is then still served in Chinese, not redirected.
    const link = await visit('/blog');
    expect(link.headers.get('location')).toBeNull();
    expect(link.headers.get('x-middleware-rewrite')).toContain('/zh-cn/blog');
  });

  it('does not overwrite an explicit choice when another language is read', async () => {
    const read = await visit('/zh-tw/blog', 'NEXT_LOCALE=en-us');
    expect(languageCookie(read)).not.toContain('NEXT_LOCALE');
    const link = await visit('/blog', 'NEXT_LOCALE=en-us');
    expect(new URL(link.headers.get('location') ?? '', 'http://x').pathname).toBe('/en-us/blog');
  });

  it('follows the choice made in the menu for unprefixed links', async () => {
    const chosenChinese = await visit('/market', 'NEXT_LOCALE=zh-cn');
    expect(chosenChinese.headers.get('location')).toBeNull();
    const chosenTraditional = await visit('/market?page=2', 'NEXT_LOCALE=zh-tw');
    const target = new URL(chosenTraditional.headers.get('location') ?? '', 'http://x');
    expect(`${target.pathname}${target.search}`).toBe('/zh-tw/market?page=2');
  });
});

import { describe, expect, it } from 'vitest';
import { alternateLinks } from './alternate-links';

/** The language versions a page names in its `Link` header come from SITE_URL alone. */
describe('alternate links', () => {
  it('names every language and x-default under SITE_URL, whatever the request said', () => {
    const site = 'https://portal.example.com/';
    expect(alternateLinks('/en-us/helpCenter/', site)).toBe(
      [
        '<https://portal.example.com/helpCenter>; rel="alternate"; hreflang="zh-cn"',
        '<https://portal.example.com/zh-tw/helpCenter>; rel="alternate"; hreflang="zh-tw"',
        '<https://portal.example.com/en-us/helpCenter>; rel="alternate"; hreflang="en-us"',
        '<https://portal.example.com/helpCenter>; rel="alternate"; hreflang="x-default"',
      ].join(', '),
    );
    expect(alternateLinks('/zh-tw', site)).toContain('<https://portal.example.com/en-us>; rel="alternate"');
    expect(alternateLinks('/', site)).toContain(
      '<https://portal.example.com/>; rel="alternate"; hreflang="zh-cn"',
    );
  });
});
